import type { ReactNode } from 'react';
import { HeroImage } from './ResponsiveImage';

/**
 * The dark band at the top of a list page: a faded photo behind it (when there is one), the small label
 * above the title (`eyebrow`), then the page's own heading and text.
 */
export function PageHero({
  image,
  opacity = 'opacity-40',
  padding = 'py-16 sm:py-20',
  eyebrow,
  children,
}: {
  image: string | null;
  opacity?: string;
  padding?: string;
  eyebrow: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden bg-[#0b2545] text-white">
      {image && <HeroImage src={image} opacity={opacity} />}
      <div className={`mx-auto max-w-7xl px-4 ${padding}`}>
        <p className="eyebrow text-cyan-200">{eyebrow}</p>
        {children}
      </div>
    </section>
  );
}
