import type { CheckedOffer } from 'core/outbound';
import { AffiliateButton } from './AffiliateButton';
import { CardImage } from './ResponsiveImage';
import { Stars } from './Stars';

export interface ContentCardProps {
  href: string;
  title: string;
  excerpt: string;
  imageUrl: string;
  category: string;
  date: string;
  kind?: 'Article' | 'Review';
  rating?: string | null;
  price?: string | null;
  /** When set, the card shows a 'Check Price' affiliate button: the destination, shown on hover. */
  purchaseLink?: string;
  /** The site's counted address of that link (`/go/review/{slug}`, core/outbound.ts); the destination itself when unset. */
  purchaseHref?: string;
  /** The price checked on the page `purchaseLink` leads to (issue 47), named on the button. */
  offer?: CheckedOffer | null;
}

/** A card for an article or a review in a grid. The whole card links to the page; the button is separate. */
export function ContentCard(props: ContentCardProps) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md">
      <CardImage src={props.imageUrl} />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="eyebrow flex items-center justify-between gap-2">
          <span className="text-cyan-800">
            {props.kind ? `${props.kind} · ` : ''}
            {props.category}
          </span>
          {props.rating !== undefined && <Stars rating={props.rating ?? null} />}
        </div>
        <h3 className="text-xl leading-snug font-semibold text-slate-900">
          <a href={props.href} className="after:absolute after:inset-0 group-hover:text-cyan-800">
            {props.title}
          </a>
        </h3>
        <p className="line-clamp-3 text-sm text-slate-600">{props.excerpt}</p>
        <div className="meta mt-auto flex items-center justify-between gap-2 pt-3">
          <span>{props.date}</span>
          {props.price && <span className="font-semibold text-slate-800">{props.price}</span>}
        </div>
        {props.purchaseLink && (
          <AffiliateButton
            href={props.purchaseHref ?? props.purchaseLink}
            destination={props.purchaseLink}
            name={props.title}
            offer={props.offer ?? null}
            raised
          />
        )}
      </div>
    </article>
  );
}
