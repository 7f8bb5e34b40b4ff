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
};

export type IslandName = keyof typeof ISLANDS;

type IslandModules = { [N in IslandName]: Awaited<ReturnType<(typeof ISLANDS)[N]>> };

/** The props of each island's component (the export of its file under the island's name). */
export type IslandProps = { [N in IslandName]: IslandModules[N][N & keyof IslandModules[N]] extends (props: infer P) => unknown ? P : never };

export function isIslandName(name: string): name is IslandName {
  return Object.hasOwn(ISLANDS, name);
}
