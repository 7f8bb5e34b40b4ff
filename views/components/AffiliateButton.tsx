import { purchaseLabel, type CheckedOffer } from 'core/outbound';

/**
 * 'Check Price': an affiliate link opening in a new tab, with the disclosure beside it (screen readers hear
 * it in the link's name). `destination` is shown on hover when `href` is the site's counted address of it.
 */
export function AffiliateButton({
  href,
  destination,
  name,
  raised = false,
  offer = null,
}: {
  href: string;
  destination?: string;
  name: string;
  raised?: boolean;
  offer?: CheckedOffer | null;
}) {
  // Where it lands, named on the button (issue 47, `purchaseLabel`): 'Search at {shop}' for the shop's search,
  // the checked price, shop and day for a checked product page.
  const label = purchaseLabel(destination ?? href, offer);
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
      <a
        href={href}
        title={destination}
        target="_blank"
        rel="sponsored nofollow noopener"
        data-track="affiliate_click"
        data-track-label={name}
        className={`${raised ? 'relative z-10 ' : ''}inline-flex min-h-11 items-center justify-center rounded-lg bg-amber-500 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-amber-400`}
      >
        Check Price
        {label && <span className="ml-1 font-medium">{label.startsWith('at ') ? label : `· ${label}`}</span>}
        <span className="sr-only"> for {name} (affiliate link, opens in a new tab)</span>
      </a>
      <span aria-hidden="true" className="text-xs text-slate-600">
        Affiliate link: we may earn a commission
      </span>
    </div>
  );
}
