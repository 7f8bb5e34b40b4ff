import { AdminComments } from 'client/islands/AdminComments';
import { AdminDashboard } from 'client/islands/AdminDashboard';
import { AdminDiveSites } from 'client/islands/AdminDiveSites';
import { AdminRatings } from 'client/islands/AdminRatings';
import { ArticleComments } from 'client/islands/ArticleComments';
import { ContactForm } from 'client/islands/ContactForm';
import { CopyCoordinates } from 'client/islands/CopyCoordinates';
import { DiveSiteExplorer } from 'client/islands/DiveSiteExplorer';
import { HeroCarousel } from 'client/islands/HeroCarousel';
import { NewsletterSignup } from 'client/islands/NewsletterSignup';
import { SaveForOffline } from 'client/islands/SaveForOffline';
import { SearchBox } from 'client/islands/SearchBox';
import { SiteRatings } from 'client/islands/SiteRatings';

/**
 * Every island the server can render, by name. client/hydrate.ts holds the same names with lazy
 * imports; a unit test keeps the two lists equal.
 */
export const ISLANDS = {
  SearchBox,
  HeroCarousel,
  ArticleComments,
  NewsletterSignup,
  ContactForm,
  DiveSiteExplorer,
  SiteRatings,
  CopyCoordinates,
  AdminDashboard,
  AdminComments,
  AdminRatings,
  AdminDiveSites,
  SaveForOffline,
} as const;

export type IslandName = keyof typeof ISLANDS;
