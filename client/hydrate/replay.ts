/** Fields whose typed value React reads from `input` events (not checkboxes, radios, files or buttons). */
const TYPED = 'textarea, input:not([type=checkbox], [type=radio], [type=file], [type=hidden], [type=submit], [type=reset], [type=button], [type=image])';

/** What a click works on without the island's code: never held while the island hydrates. */
const WORKS_AS_IS = 'a[href], label, select, input[type=checkbox], input[type=radio]';

/** The value setter of the element's own prototype: it bypasses React's tracking of the value. */
function setNativeValue(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
}

/**
 * What was typed or autofilled before hydration is still in the field, but React, which starts from the
 * server's value, never saw it and would write over it on its next render. Each such value is handed to
 * the island as if typed now: React's last known value is set to the server's one (through the tracked
 * setter), the field gets the typed one back (untracked) with its caret, and an `input` event tells React.
 */
function replayTypedValues(root: HTMLElement): void {
  root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TYPED).forEach((field) => {
    const typed = field.value;
    if (typed === field.defaultValue) return;
    const { selectionStart, selectionEnd } = field;
    field.value = field.defaultValue;
    setNativeValue(field, typed);
    if (selectionStart !== null && selectionEnd !== null && document.activeElement === field) field.setSelectionRange(selectionStart, selectionEnd);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/**
 * An option chosen before hydration is still selected, but React, which starts from the server's value,
 * never saw the choice: a `change` event (which React reads a select's choice from) hands it over.
 */
function replayChosenOptions(root: HTMLElement): void {
  root.querySelectorAll<HTMLSelectElement>('select:not([multiple])').forEach((select) => {
    // The server's choice: its last option marked selected, else the first.
    const served = Math.max(0, [...select.options].map((option) => option.defaultSelected).lastIndexOf(true));
    if (select.options.length > 0 && select.selectedIndex !== served) select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/**
 * Holds what a visitor does to an island while its code loads, and hands it over once it has hydrated:
 * typed values, chosen options, the focus (an island that opens on focus would otherwise wait for a second one) and
 * clicks on buttons and the like (held, so that React sees them rather than the bare HTML; WORKS_AS_IS are not). `release` runs
 * even when hydration fails, so a held click then gets the server-rendered behaviour (a form's submit).
 */
export function holdInteraction(wrapper: HTMLElement, root: HTMLElement): { release(hydrated: boolean): void } {
  const focusedAtStart = root.contains(document.activeElement) ? document.activeElement : null;
  const clicks: HTMLElement[] = [];
  const holdClick = (event: MouseEvent) => {
    // A link, a checkbox or radio (or its label) and a select work as they are: holding the click would
    // only delay the visit, or undo the choice until the code has come (the island reads it from the form).
    if (!event.isTrusted || !(event.target instanceof HTMLElement) || event.target.closest(WORKS_AS_IS)) return;
    event.preventDefault();
    event.stopPropagation();
    clicks.push(event.target);
  };
  wrapper.addEventListener('click', holdClick, true);
  return {
    release(hydrated) {
      wrapper.removeEventListener('click', holdClick, true);
      if (hydrated) {
        replayTypedValues(root);
        replayChosenOptions(root);
        // A client re-render (after a mismatch) replaces the focused element: focus its replacement.
        if (focusedAtStart && !focusedAtStart.isConnected && focusedAtStart.id && document.activeElement === document.body) {
          document.getElementById(focusedAtStart.id)?.focus();
        }
        const focused = document.activeElement;
        if (focused instanceof HTMLElement && root.contains(focused)) {
          focused.dispatchEvent(new FocusEvent('focus'));
          focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
        }
      }
      clicks.filter((target) => target.isConnected).forEach((target) => target.click());
    },
  };
}
