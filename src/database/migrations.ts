import { InitialSchema1795426763752 } from '../../migrations/1795426763752-InitialSchema';
import { NewsletterConsentTimes1795428200000 } from '../../migrations/1795428200000-NewsletterConsentTimes';
import { NewestFirstIndexes1795431000000 } from '../../migrations/1795431000000-NewestFirstIndexes';

/** The migrations in the order they run. A new migration is appended here, never edited once landed. */
export const MIGRATIONS: Function[] = [InitialSchema1795426763752, NewsletterConsentTimes1795428200000, NewestFirstIndexes1795431000000];
