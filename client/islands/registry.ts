/**
 * Every island, by name, and how to load it: the island X is the component X that ./X.tsx exports.
 * The one list both sides use: the browser's entry loads an island's file from here when its page has one
 * (client/hydrate/strategies.ts, one chunk each), and the server's <Island name="X"> (views/islands/Island.tsx)
 * takes its name and props from here and loads the file the first time it renders the island, so that a
 * page's server code reaches only the islands it renders.
 */
export const ISLANDS = {
  SearchBox: () => import('./SearchBox.js'),
  HeroCarousel: () => import('./HeroCarousel.js'),
  ArticleComments: () => import('./ArticleComments.js'),
  NewsletterSignup: () => import('./NewsletterSignup.js'),
  ContactForm: () => import('./ContactForm.js'),
  DiveSiteExplorer: () => import('./DiveSiteExplorer.js'),
  SiteRatings: () => import('./SiteRatings.js'),
  CopyCoordinates: () => import('./CopyCoordinates.js'),
  AdminDashboard: () => import('./AdminDashboard.js'),
  AdminComments: () => import('./AdminComments.js'),
  AdminRatings: () => import('./AdminRatings.js'),
  AdminDiveSites: () => import('./AdminDiveSites.js'),
  SaveForOffline: () => import('./SaveForOffline.js'),
  SuggestCorrection: () => import('./SuggestCorrection.js'),
  SiteReportForm: () => import('./SiteReportForm.js'),
  WeekendSites: () => import('./WeekendSites.js'),
  ForecastAge: () => import('./ForecastAge.js'),
};

export type IslandName = keyof typeof ISLANDS;

/**
 * Whether the pages the service worker keeps for offline use (the dive-site list and each site's page)
 * render the island: the build precaches those islands' scripts at install (scripts/build-client.mjs reads
 * this record), so a page kept offline hydrates without the network. A new island must say which it is;
 * test/api/island-registry.spec.ts checks the record against the islands those pages really render.
 */
export const OFFLINE_ISLANDS: Record<IslandName, boolean> = {
  SearchBox: true,
  HeroCarousel: false,
  ArticleComments: false,
  NewsletterSignup: false,
  ContactForm: false,
  DiveSiteExplorer: true,
  SiteRatings: true,
  CopyCoordinates: true,
  AdminDashboard: false,
  AdminComments: false,
  AdminRatings: false,
  AdminDiveSites: false,
  SaveForOffline: true,
  SuggestCorrection: true,
  SiteReportForm: true,
  WeekendSites: false,
  ForecastAge: true,
};

type IslandModules = { [N in IslandName]: Awaited<ReturnType<(typeof ISLANDS)[N]>> };

/** The props of each island's component (the export of its file under the island's name). */
export type IslandProps = { [N in IslandName]: IslandModules[N][N & keyof IslandModules[N]] extends (props: infer P) => unknown ? P : never };

export function isIslandName(name: string): name is IslandName {
  return Object.hasOwn(ISLANDS, name);
}
