import { formatLongDate, siteTimeZone } from 'core/site-time';
import { RichText } from 'views/components/RichText';

/** A post as an archived issue shows it (the email's card). */
export interface ArchivedCard {
  key: string;
  title: string;
  excerpt: string;
  url: string;
  imageUrl: string | null;
  label: string;
}

export interface ArchivedIssue {
  subject: string;
  preheader: string;
  /** The intro, rendered and sanitised by src/rich-text (as the email has it). */
  introHtml: string;
  sentAt: string;
  cards: ArchivedCard[];
}

/** /newsletter/issues/{slug}: an issue as it was sent, for anyone to read. */
export function IssuePage({ issue }: { issue: ArchivedIssue }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 text-slate-700">
      <p className="text-sm">
        <a href="/newsletter/issues" className="font-semibold text-sky-700 underline hover:text-sky-900">
          Newsletter archive
        </a>
      </p>
      <h1 className="mt-3 text-3xl font-bold text-slate-900 sm:text-4xl">{issue.subject}</h1>
      <p className="mt-2 text-sm text-slate-500">
        Sent <time dateTime={issue.sentAt}>{formatLongDate(issue.sentAt, siteTimeZone())}</time>
      </p>
      {issue.preheader ? <p className="mt-4 text-lg leading-relaxed">{issue.preheader}</p> : null}
      {issue.introHtml ? <RichText html={issue.introHtml} className="mt-6" /> : null}
      <ul className="mt-8 grid gap-6">
        {issue.cards.map((card) => (
          <li key={card.key} className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
            {card.imageUrl ? <img src={card.imageUrl} alt="" className="h-56 w-full object-cover" loading="lazy" /> : null}
            <div className="p-5">
              <h2 className="text-xl font-bold text-slate-900">
                <a href={card.url} className="hover:text-sky-800">
                  {card.title}
                </a>
              </h2>
              <p className="mt-2 leading-relaxed">{card.excerpt}</p>
              <a href={card.url} className="mt-3 inline-block font-semibold text-sky-700 underline hover:text-sky-900">
                {card.label}
              </a>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-10 rounded-xl bg-cyan-50 p-5">
        Get the next issue by email:{' '}
        <a href="/newsletter" className="font-semibold text-sky-700 underline hover:text-sky-900">
          subscribe to the newsletter
        </a>
        .
      </p>
    </article>
  );
}

export interface ArchiveEntry {
  subject: string;
  preheader: string;
  path: string;
  sentAt: string;
}

/** /newsletter/issues: every sent issue, newest first. */
export function IssueIndexPage({ issues }: { issues: ArchiveEntry[] }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 text-slate-700">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Newsletter archive</h1>
      <p className="mt-3 leading-relaxed">
        Every issue of the newsletter we have sent.{' '}
        <a href="/newsletter" className="font-semibold text-sky-700 underline hover:text-sky-900">
          Subscribe
        </a>{' '}
        to get the next one by email.
      </p>
      {issues.length ? (
        <ul className="mt-8 grid gap-4">
          {issues.map((issue) => (
            <li key={issue.path} className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
              <h2 className="text-xl font-bold text-slate-900">
                <a href={issue.path} className="hover:text-sky-800">
                  {issue.subject}
                </a>
              </h2>
              <p className="mt-1 text-sm text-slate-500">
                <time dateTime={issue.sentAt}>{formatLongDate(issue.sentAt, siteTimeZone())}</time>
              </p>
              {issue.preheader ? <p className="mt-2">{issue.preheader}</p> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8">No issue has been sent yet.</p>
      )}
    </div>
  );
}

/** An address in the archive that names no sent issue. */
export function IssueNotFoundPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 text-slate-700">
      <h1 className="text-3xl font-bold text-slate-900">Issue not found</h1>
      <p className="mt-3">
        There is no newsletter issue at this address.{' '}
        <a href="/newsletter/issues" className="font-semibold text-sky-700 underline hover:text-sky-900">
          See every issue we have sent
        </a>
        .
      </p>
    </div>
  );
}
