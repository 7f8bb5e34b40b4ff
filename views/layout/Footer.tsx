const QUICK_LINKS = [
  { label: 'Gear Reviews', href: '/gear-reviews' },
  { label: 'Dive Sites', href: '/dive-sites' },
  { label: 'Learn to Dive', href: '/learn-to-dive' },
  { label: 'News', href: '/blog' },
  { label: 'About', href: '/about' },
  { label: 'Contact', href: '/contact' },
];

const LEGAL_LINKS = [
  { label: 'Affiliate Disclosure', href: '/affiliate-disclosure' },
  { label: 'Privacy Policy', href: '/privacy-policy' },
  { label: 'Terms of Service', href: '/terms-of-service' },
];

export function Footer({ siteName }: { siteName: string }) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-[#0b2545] text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-4">
        <div className="md:col-span-2">
          <p className="text-lg font-bold text-white">{siteName}</p>
          <p className="mt-3 max-w-md text-sm leading-relaxed">
            Exploring Australia's underwater world, from the Great Barrier Reef to the kelp forests of Tasmania and the wrecks of the Pacific: honest gear
            reviews, dive-site guides and safety advice for every diver.
          </p>
        </div>
        <nav aria-label="Quick links">
          <p className="text-sm font-semibold uppercase tracking-wide text-white">Quick Links</p>
          <ul className="mt-3 space-y-2 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="hover:text-white">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal">
          <p className="text-sm font-semibold uppercase tracking-wide text-white">Legal</p>
          <ul className="mt-3 space-y-2 text-sm">
            {LEGAL_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="hover:text-white">
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a href="/sitemap.xml" className="hover:text-white">
                Sitemap
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400">
          © {year} {siteName}. Some links are affiliate links: when you buy through them we may earn a commission at no extra cost to you. Affiliate links help
          support content creation.
        </p>
      </div>
    </footer>
  );
}
