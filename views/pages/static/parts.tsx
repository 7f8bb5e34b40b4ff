import type { ReactNode } from 'react';

/** The white card that static-page sections and list items sit on (add the padding). */
export const CARD = 'rounded-2xl bg-white shadow-sm ring-1 ring-slate-200';

const H2 = 'text-2xl font-bold text-slate-900';

/** A page section named by its own h2 (aria-labelledby), the building block of the static pages. */
export function Section({
  id,
  title,
  className,
  headingClassName = H2,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A link inside running text. */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className="font-semibold text-sky-700 underline hover:text-sky-900">
      {children}
    </a>
  );
}

/** A phone number that a phone dials when tapped (tel: with the digits and a leading +, as on the site pages). */
export function PhoneLink({ number }: { number: string }) {
  return (
    <a href={`tel:${number.replace(/[^+\d]/g, '')}`} className="font-semibold text-slate-900 underline">
      {number}
    </a>
  );
}

/** The column every static page is laid out in. */
export function StaticPage({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-5xl px-4 py-10 text-slate-700">{children}</div>;
}

/** The title, the dated line and (where given) the lead paragraph that open the legal pages: affiliate disclosure, privacy, terms. */
export function DatedIntro({
  title,
  dated,
  datedClassName = 'text-sm text-slate-500',
  children,
}: {
  title: string;
  dated: string;
  datedClassName?: string;
  children?: ReactNode;
}) {
  return (
    <header className="mb-8">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
      <p className={`mt-2 ${datedClassName}`}>{dated}</p>
      {children && <p className="mt-4 max-w-3xl text-lg leading-relaxed">{children}</p>}
    </header>
  );
}

/** The eyebrow, title and lead paragraph that open About, Learn to Dive and Contact. */
export function PageIntro({
  eyebrow,
  title,
  className = 'mb-10',
  leadClassName = 'mt-4 max-w-3xl text-lg leading-relaxed',
  children,
}: {
  eyebrow: string;
  title: string;
  className?: string;
  leadClassName?: string;
  children: ReactNode;
}) {
  return (
    <header className={className}>
      <p className="text-sm font-semibold uppercase tracking-wide text-sky-700">{eyebrow}</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
      <p className={leadClassName}>{children}</p>
    </header>
  );
}

/** A bulleted list whose items are plain text. */
export function BulletList({ items, className = 'mt-3 list-disc space-y-2 pl-5 leading-relaxed' }: { items: ReactNode[]; className?: string }) {
  return (
    <ul className={className}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
