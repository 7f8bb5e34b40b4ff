import { Island } from 'views/islands/Island';
import { NAV_ITEMS, isActive } from './navigation';

function NavLinks({ currentPath, vertical }: { currentPath: string; vertical?: boolean }) {
  return (
    <ul className={vertical ? 'flex flex-col gap-1 py-2' : 'flex items-center gap-1'}>
      {NAV_ITEMS.map((item) => {
        const active = isActive(item.href, currentPath);
        return (
          <li key={item.href}>
            <a
              href={item.href}
              aria-current={active ? 'page' : undefined}
              className={`block rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                active ? 'bg-cyan-50 text-cyan-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
              }`}
            >
              {item.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The site header. On small screens the menu and the search are two disclosure panels (<details>), so they
 * open and close without any script; sharing a name makes them exclusive, so opening one closes the other
 * and the search never opens underneath the menu (where `name` is not supported, it opens above it).
 */
export function Header({ currentPath, siteName }: { currentPath: string; siteName: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-3 sm:gap-4">
        <a href="/" className="flex min-w-0 items-center gap-2 font-bold text-slate-900">
          <img src="/media/favicon.svg" alt="" width={32} height={32} className="h-8 w-8 rounded" />
          <span>{siteName}</span>
        </a>
        <nav aria-label="Main" className="hidden flex-1 justify-center lg:flex">
          <NavLinks currentPath={currentPath} />
        </nav>
        <div className="hidden w-72 lg:block">
          <Island name="SearchBox" props={{ id: 'search-desktop' }} hydrate="interaction" />
        </div>
        <div className="ml-auto flex items-center gap-2 lg:hidden">
          <details name="header-panel" className="group/search" data-panel="search">
            <summary
              className="flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
              aria-label="Search"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                <circle cx="11" cy="11" r="7" />
                <path d="m20 20-3.5-3.5" />
              </svg>
            </summary>
            <div className="absolute inset-x-0 top-full z-20 border-b border-slate-200 bg-white px-4 py-3 shadow-sm">
              <Island name="SearchBox" props={{ id: 'search-mobile' }} hydrate="interaction" />
            </div>
          </details>
          <details name="header-panel" className="group/menu" data-panel="menu">
            <summary
              className="flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
              aria-label="Menu"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </summary>
            <nav aria-label="Mobile" className="absolute inset-x-0 top-full z-10 border-b border-slate-200 bg-white px-4 shadow-sm">
              <NavLinks currentPath={currentPath} vertical />
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
