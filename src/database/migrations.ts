import type { MigrationInterface } from 'typeorm';
import { ConditionReports1799000000001 } from '../../migrations/1799000000001-ConditionReports';
import { OutlookRevision1799200000000 } from '../../migrations/1799200000000-OutlookRevision';
import { ReportPhotos1799300000000 } from '../../migrations/1799300000000-ReportPhotos';
import { InitialSchema1795426763752 } from '../../migrations/1795426763752-InitialSchema';
import { NewsletterConsentTimes1795428200000 } from '../../migrations/1795428200000-NewsletterConsentTimes';
import { NewestFirstIndexes1795431000000 } from '../../migrations/1795431000000-NewestFirstIndexes';
import { Media1795432000000 } from '../../migrations/1795432000000-Media';
import { DiveSitePositionPrecision1795500000000 } from '../../migrations/1795500000000-DiveSitePositionPrecision';
import { ContentRevisions1795600000000 } from '../../migrations/1795600000000-ContentRevisions';
import { DiveSiteTextIndex1795700000000 } from '../../migrations/1795700000000-DiveSiteTextIndex';
import { DiveSiteLatitudeIndex1795800000000 } from '../../migrations/1795800000000-DiveSiteLatitudeIndex';
import { UnloggedRateLimits1795900000000 } from '../../migrations/1795900000000-UnloggedRateLimits';
import { NewsletterIssues1796500000000 } from '../../migrations/1796500000000-NewsletterIssues';
import { Unaccent1796600000000 } from '../../migrations/1796600000000-Unaccent';
import { ScaleIndexesAndRatingTotals1796700000000 } from '../../migrations/1796700000000-ScaleIndexesAndRatingTotals';
import { Insights1796800000000 } from '../../migrations/1796800000000-Insights';
import { LinkChecks1797600000000 } from '../../migrations/1797600000000-LinkChecks';
import { ShareLinks1797600000001 } from '../../migrations/1797600000001-ShareLinks';
import { NearbySiteIndex1797700000000 } from '../../migrations/1797700000000-NearbySiteIndex';
import { TopRatedIndex1797700000001 } from '../../migrations/1797700000001-TopRatedIndex';
import { SearchTextIndexes1797700000002 } from '../../migrations/1797700000002-SearchTextIndexes';
import { ScaleQueryIndexes1797750000000 } from '../../migrations/1797750000000-ScaleQueryIndexes';
import { DiveSiteStatus1797900000000 } from '../../migrations/1797900000000-DiveSiteStatus';
import { SiteCorrections1797900000001 } from '../../migrations/1797900000001-SiteCorrections';
import { SiteArticleLinkIndexes1798000000000 } from '../../migrations/1798000000000-SiteArticleLinkIndexes';
import { DiveSiteRevision1798100000000 } from '../../migrations/1798100000000-DiveSiteRevision';
import { NewsletterDoubleOptIn1798300000000 } from '../../migrations/1798300000000-NewsletterDoubleOptIn';
import { SiteChecksAndNotices1798800000001 } from '../../migrations/1798800000001-SiteChecksAndNotices';
import { GenericStatusNote1798800000002 } from '../../migrations/1798800000002-GenericStatusNote';
import { DiveSiteTideStation1798700000001 } from '../../migrations/1798700000001-DiveSiteTideStation';
import { CorrectionRevisions1798950000000 } from '../../migrations/1798950000000-CorrectionRevisions';
import { Forecast1798900000000 } from '../../migrations/1798900000000-Forecast';
import { SearchWords1799100000000 } from '../../migrations/1799100000000-SearchWords';
import { NewsletterIssueFigures1799500000000 } from '../../migrations/1799500000000-NewsletterIssueFigures';
import { ProductOffers1799800000000 } from '../../migrations/1799800000000-ProductOffers';
import { ReportPhotoUploadStorage17999500000000 } from '../../migrations/17999500000000-ReportPhotoUploadStorage';
import { ListScaleIndexes17999620000000 } from '../../migrations/17999620000000-ListScaleIndexes';
import { MapAndMediaScaleIndexes17999630000000 } from '../../migrations/17999630000000-MapAndMediaScaleIndexes';
import { KeptRowCounts17999630000001 } from '../../migrations/17999630000001-KeptRowCounts';
import { MapRevision17999630000002 } from '../../migrations/17999630000002-MapRevision';
import { PostSearchRevision17999640000000 } from '../../migrations/17999640000000-PostSearchRevision';
import { ReportPhotoStaging17999700000000 } from '../../migrations/17999700000000-ReportPhotoStaging';

/** The migrations in the order they run. A new migration is appended here, never edited once landed. */
export const MIGRATIONS: (new () => MigrationInterface)[] = [
  InitialSchema1795426763752,
  NewsletterConsentTimes1795428200000,
  NewestFirstIndexes1795431000000,
  Media1795432000000,
  DiveSitePositionPrecision1795500000000,
  ContentRevisions1795600000000,
  DiveSiteTextIndex1795700000000,
  DiveSiteLatitudeIndex1795800000000,
  UnloggedRateLimits1795900000000,
  NewsletterIssues1796500000000,
  Unaccent1796600000000,
  ScaleIndexesAndRatingTotals1796700000000,
  Insights1796800000000,
  LinkChecks1797600000000,
  ShareLinks1797600000001,
  NearbySiteIndex1797700000000,
  TopRatedIndex1797700000001,
  SearchTextIndexes1797700000002,
  ScaleQueryIndexes1797750000000,
  DiveSiteStatus1797900000000,
  SiteCorrections1797900000001,
  SiteArticleLinkIndexes1798000000000,
  DiveSiteRevision1798100000000,
  NewsletterDoubleOptIn1798300000000,
  DiveSiteTideStation1798700000001,
  SiteChecksAndNotices1798800000001,
  GenericStatusNote1798800000002,
  Forecast1798900000000,
  CorrectionRevisions1798950000000,
  ConditionReports1799000000001,
  SearchWords1799100000000,
  OutlookRevision1799200000000,
  ReportPhotos1799300000000,
  NewsletterIssueFigures1799500000000,
  ProductOffers1799800000000,
  ReportPhotoUploadStorage17999500000000,
  ListScaleIndexes17999620000000,
  MapAndMediaScaleIndexes17999630000000,
  KeptRowCounts17999630000001,
  MapRevision17999630000002,
  PostSearchRevision17999640000000,
  ReportPhotoStaging17999700000000,
];
