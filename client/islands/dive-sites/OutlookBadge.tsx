import { badgeText, type BadgeOutlook } from 'core/outlook/site-outlook';

/** Issue 46: the colours of a day's outlook (text and ring meet WCAG AA contrast on their background). */
const CLASSES: Record<string, string> = {
  good: 'bg-emerald-100 text-emerald-900 ring-emerald-600/30',
  fair: 'bg-amber-100 text-amber-900 ring-amber-600/30',
  poor: 'bg-rose-100 text-rose-900 ring-rose-600/30',
  unjudged: 'bg-slate-100 text-slate-800 ring-slate-500/30',
};

const className = (outlook: BadgeOutlook) =>
  `inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${CLASSES[outlook.rating ?? 'unjudged']}`;

/** A site's outlook on a card: 'Outlook today: Good', from the stored forecast (the words are the badge's text, read aloud as shown). */
export function OutlookBadge({ outlook }: { outlook?: BadgeOutlook }) {
  if (!outlook) return null;
  return (
    <span data-testid="site-outlook" data-outlook={outlook.rating ?? 'unjudged'} className={className(outlook)}>
      {badgeText(outlook)}
    </span>
  );
}

/** The same badge for a map popup (built as DOM: the popups are Leaflet's, text only). */
export function outlookBadgeElement(outlook: BadgeOutlook): HTMLElement {
  const badge = document.createElement('span');
  badge.className = `ml-1 mt-1 ${className(outlook)}`;
  badge.dataset.testid = 'popup-outlook';
  badge.dataset.outlook = outlook.rating ?? 'unjudged';
  badge.textContent = badgeText(outlook);
  return badge;
}
