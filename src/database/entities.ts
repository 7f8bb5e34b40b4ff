import { SiteCorrection } from 'src/corrections/site-correction.entity';
import { SiteFieldRevision } from 'src/corrections/site-field-revision.entity';
import { Article } from 'src/articles/article.entity';
import { AuditLog } from 'src/audit/audit-log.entity';
import { CarouselVideo } from 'src/carousel/carousel-video.entity';
import { Comment } from 'src/comments/comment.entity';
import { Contact } from 'src/contact/contact.entity';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { Notice, NoticeSite } from 'src/dive-sites/notice.entity';
import { SiteCheck } from 'src/dive-sites/site-check.entity';
import { Location } from 'src/locations/location.entity';
import { Media } from 'src/images/media.entity';
import { ClickVisitor, LinkClick, PageView, PurchaseClickSource } from 'src/insights/insights.entities';
import { LinkCheck } from 'src/link-health/link-check.entity';
import { ShareLink } from 'src/previews/share-link.entity';
import { Subscriber } from 'src/newsletter/subscriber.entity';
import { NewsletterDelivery } from 'src/newsletter-issues/newsletter-delivery.entity';
import { NewsletterIssue } from 'src/newsletter-issues/newsletter-issue.entity';
import { NewsletterIssueLink, NewsletterLinkClick } from 'src/newsletter-issues/issue-link.entity';
import { Product } from 'src/products/product.entity';
import { ProductOffer } from 'src/products/product-offer.entity';
import { RateLimit } from 'src/rate-limit/rate-limit.entity';
import { DiveSiteRating } from 'src/ratings/dive-site-rating.entity';
import { ContentRevision } from 'src/revisions/content-revision.entity';
import { Review } from 'src/reviews/review.entity';
import { User } from 'src/users/user.entity';
import { ConditionReport } from 'src/reports/condition-report.entity';
import { ReportPhoto } from 'src/reports/report-photo.entity';
import { ReportPhotoUpload } from 'src/reports/report-photo-upload.entity';
import { SeedHistory } from './seed-history.entity';
import { SessionRecord } from './session.entity';

export const ENTITIES = [
  User,
  Product,
  Location,
  Article,
  Review,
  Subscriber,
  Contact,
  DiveSite,
  CarouselVideo,
  DiveSiteRating,
  Comment,
  AuditLog,
  RateLimit,
  SessionRecord,
  SeedHistory,
  Media,
  ContentRevision,
  NewsletterIssue,
  NewsletterDelivery,
  LinkClick,
  PageView,
  ClickVisitor,
  LinkCheck,
  ShareLink,
  SiteCorrection,
  SiteFieldRevision,
  SiteCheck,
  Notice,
  NoticeSite,
  ConditionReport,
  NewsletterIssueLink,
  NewsletterLinkClick,
  PurchaseClickSource,
  ReportPhoto,
  ReportPhotoUpload,
  ProductOffer,
];
