import { useEffect, useRef, type ReactNode } from 'react';

/** The sites as a list or on the map: the phone's switch (on a wider screen both show). */
export type PhoneView = 'list' | 'map';

export const FILTERS_ID = 'dive-site-filters';

const BUTTON =
  'inline-flex min-h-11 items-center rounded-lg px-4 py-2 font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-cyan-600 focus-visible:ring-offset-2';

/**
 * The phone's bar (under 768 px, with scripting): 'Filters · 2' opens the filters' sheet, and the switch
 * shows the list or the map. Without JavaScript it is not shown, and the filters stay a plain form.
 */
export function PhoneBar(props: {
  set: number;
  view: PhoneView;
  onView: (view: PhoneView) => void;
  open: boolean;
  onOpen: () => void;
  opener: React.RefObject<HTMLButtonElement | null>;
}) {
  const choice = (view: PhoneView, label: string) => (
    <button
      type="button"
      aria-pressed={props.view === view}
      onClick={() => props.onView(view)}
      className={`${BUTTON} ${props.view === view ? 'bg-cyan-700 text-white' : 'text-cyan-800 hover:bg-cyan-50'}`}
    >
      {label}
    </button>
  );
  return (
    <div className="mb-4 hidden items-center justify-between gap-3 js:max-md:flex">
      <button
        ref={props.opener}
        type="button"
        aria-expanded={props.open}
        aria-controls={FILTERS_ID}
        onClick={props.onOpen}
        className={`${BUTTON} border border-cyan-700 text-cyan-800 hover:bg-cyan-50`}
      >
        {props.set > 0 ? `Filters · ${props.set}` : 'Filters'}
      </button>
      <div role="group" aria-label="Show the dive sites as" className="flex gap-1 rounded-lg p-1 ring-1 ring-slate-300">
        {choice('list', 'List')}
        {choice('map', 'Map')}
      </div>
    </div>
  );
}

/**
 * The filters: in place on a tablet or a desktop (and without JavaScript); on a phone a sheet over the page,
 * opened by 'Filters · 2', whose sticky 'Show 17 sites' (the live count) closes it onto the list.
 */
export function FilterSheet(props: { open: boolean; onClose: () => void; showLabel: string; children: ReactNode }) {
  const { open, onClose } = props;
  const sheet = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return;
    const element = sheet.current;
    element?.querySelector<HTMLElement>('input, select, button')?.focus();
    // The page behind stays where it is while the sheet covers it.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // A phone turned into a wider screen: the filters are in place there, the sheet closes.
    const wide = window.matchMedia('(min-width: 48rem)');
    const widened = () => wide.matches && onClose();
    wide.addEventListener('change', widened);
    return () => {
      document.body.style.overflow = overflow;
      wide.removeEventListener('change', widened);
    };
  }, [open, onClose]);
  // A modal sheet: Escape closes it, and Tab goes round its own controls.
  const keys = (event: React.KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'Escape') return onClose();
    if (event.key !== 'Tab' || !sheet.current) return;
    const focusable = [...sheet.current.querySelectorAll<HTMLElement>('input, select, button, a[href]')].filter((element) => element.offsetParent !== null);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };
  return (
    <section
      ref={sheet}
      id={FILTERS_ID}
      aria-label="Filters"
      role={open ? 'dialog' : undefined}
      aria-modal={open ? true : undefined}
      onKeyDown={keys}
      className={open ? 'max-md:fixed max-md:inset-0 max-md:z-50 max-md:flex max-md:flex-col max-md:overflow-y-auto max-md:bg-slate-50' : 'max-md:js:hidden'}
    >
      {open && (
        <div className="flex items-center justify-between px-4 pt-4 md:hidden">
          <h2 className="text-xl font-bold text-slate-900">Filters</h2>
          <button type="button" onClick={onClose} className={`${BUTTON} text-cyan-800 hover:bg-cyan-50`}>
            Close
          </button>
        </div>
      )}
      <div className={open ? 'max-md:flex-1 max-md:p-4' : ''}>{props.children}</div>
      {open && (
        <div className="sticky bottom-0 border-t border-slate-200 bg-white p-4 md:hidden">
          <button type="button" onClick={onClose} className={`${BUTTON} w-full justify-center bg-cyan-700 text-white hover:bg-cyan-800`}>
            {props.showLabel}
          </button>
        </div>
      )}
    </section>
  );
}
