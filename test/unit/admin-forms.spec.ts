import { articlePayload, articleProblem, EMPTY_ARTICLE_FORM, PUBLISH_REQUIRED } from 'client/admin/blog/article-form';
import { DRAFT_REQUIRED } from 'core/publishing';
import {
  EMPTY_SLIDE_FORM,
  nextOrdering,
  slideFieldProblems,
  slidePayload,
  slideProblem,
  SLIDE_REQUIRED,
  slideUrlProblem,
} from 'client/admin/carousel/slide-form';
import { splitByStatus } from 'client/admin/content/sort';
import { imageMarkdown, insertBlock } from 'client/admin/content/templates';
import { autoExcerpt, slugFromTitle } from 'core/text';
import { byName, EMPTY_SITE_FORM, parseSources, regionsOf, siteFieldProblems, sitePayload, siteToForm } from 'client/admin/dive-sites/site-form';
import { serverFieldErrors } from 'client/admin/ui/field-errors';
import { ApiError } from 'client/lib/api';
import { timeDistance } from 'client/admin/format';
import { EMPTY_REVIEW_FORM, RATING_OPTIONS, reviewPayload, reviewProblem, REVIEW_PUBLISH_REQUIRED } from 'client/admin/reviews/review-form';
import { actionTone } from 'client/admin/security/SecurityEvents';
import type { AdminSlide } from 'core/api/carousel';
import type { DiveSiteResponse } from 'core/api/dive-sites';
import { developmentImagesIn, firstDevelopmentUrl } from 'client/admin/urls';
import { OPEN_SITE_TRUST } from '../support/dive-site-fixtures';

describe('article form (SPEC section 5)', () => {
  const complete = { ...EMPTY_ARTICLE_FORM, title: 'Diving Jervis Bay', content: 'Body', category: 'Dive Sites', imageUrl: 'https://images.example/a.jpg' };

  it('publishes only with title, content, category and header image; drafts need a title', () => {
    expect(articleProblem(complete, true)).toBeNull();
    for (const field of ['title', 'content', 'category', 'imageUrl'] as const) {
      expect(articleProblem({ ...complete, [field]: field === 'category' ? '' : '  ' }, true)).toBe(PUBLISH_REQUIRED);
    }
    expect(articleProblem({ ...EMPTY_ARTICLE_FORM, title: 'Just a title' }, false)).toBeNull();
    expect(articleProblem(EMPTY_ARTICLE_FORM, false)).toBe(DRAFT_REQUIRED);
  });

  it('sends blank slug, excerpt and date as null so the server fills them in', () => {
    expect(articlePayload({ ...complete, slug: '  ', excerpt: '', publishedAt: '' }, true)).toMatchObject({
      title: 'Diving Jervis Bay',
      slug: null,
      excerpt: null,
      publishedAt: null,
      videoUrl: null,
      author: null,
      published: true,
    });
  });
});

describe('review form', () => {
  it('needs title, category, image, content and purchase link to publish; rating null when none', () => {
    const review = {
      ...EMPTY_REVIEW_FORM,
      title: 'Mask',
      category: 'Masks & Fins',
      imageUrl: 'https://i.example/m.jpg',
      content: 'Body',
      purchaseLink: 'https://shop.example/m',
    };
    expect(reviewProblem(review, true)).toBeNull();
    expect(reviewProblem({ ...review, purchaseLink: '' }, true)).toBe(REVIEW_PUBLISH_REQUIRED);
    expect(reviewProblem({ ...EMPTY_REVIEW_FORM, title: 'Mask' }, false)).toBeNull();
    expect(reviewPayload(review, false)).toMatchObject({ rating: null, price: null, published: false });
  });

  it('offers 5 to 1 stars labelled as SPEC says', () => {
    expect(RATING_OPTIONS.map((option) => option.label)).toEqual(['5 Stars', '4 Stars', '3 Stars', '2 Stars', '1 Star']);
    expect(RATING_OPTIONS[4].value).toBe('★');
  });
});

describe('carousel slide form', () => {
  it('needs a title and a video URL after trimming, and sends empty optional fields as null', () => {
    expect(slideProblem({ ...EMPTY_SLIDE_FORM, title: '  ', videoUrl: 'https://v.example/a.mp4' })).toBe(SLIDE_REQUIRED);
    expect(slideProblem({ ...EMPTY_SLIDE_FORM, title: 'A', videoUrl: ' ' })).toBe(SLIDE_REQUIRED);
    expect(slidePayload({ ...EMPTY_SLIDE_FORM, title: ' A ', videoUrl: 'https://v.example/a.mp4 ' }, 3)).toEqual({
      title: 'A',
      videoUrl: 'https://v.example/a.mp4',
      description: null,
      posterImageUrl: null,
      ctaText: null,
      ctaUrl: null,
      ordering: 3,
      published: true,
    });
  });

  it('puts a new slide after the others and warns about development hosts', () => {
    expect(nextOrdering([])).toBe(0);
    expect(nextOrdering([{ ordering: 0 }, { ordering: 4 }] as AdminSlide[])).toBe(5);
    expect(slideUrlProblem({ ...EMPTY_SLIDE_FORM, posterImageUrl: 'http://localhost:5173/p.jpg' })).toMatch(
      /^Poster Image URL points to a local development host/,
    );
  });
});

describe('content helpers', () => {
  it('makes slugs and excerpts as SPEC section 5 says', () => {
    expect(slugFromTitle("Fish Rock Cave: Australia's Best Dive?")).toBe('fish-rock-cave-australias-best-dive');
    expect(autoExcerpt('Short body.')).toBe('Short body.');
    const long = 'word '.repeat(60);
    expect(autoExcerpt(long)).toMatch(/\.\.\.$/);
    expect(autoExcerpt(long).length).toBeLessThanOrEqual(153);
  });

  it('inserts templates and images as their own block at the cursor', () => {
    expect(insertBlock('Intro', '## Pros', 5)).toEqual({ content: 'Intro\n\n## Pros', cursor: 14 });
    expect(imageMarkdown(' https://i.example/x.jpg ', '', 600)).toBe('![Image](https://i.example/x.jpg "width=600")');
  });

  it('finds images on local development hosts in the content', () => {
    expect(developmentImagesIn('![a](http://localhost:3000/a.png) ![b](https://cdn.example/b.png)')).toEqual(['http://localhost:3000/a.png']);
    expect(firstDevelopmentUrl([['Image URL', 'https://cdn.example/x.jpg']])).toBeNull();
  });

  it('sorts drafts by creation and published items by published date, falling back to creation', () => {
    const items = [
      { id: 1, published: true, publishedAt: '2025-01-01T00:00:00Z', createdAt: '2024-01-01T00:00:00Z' },
      { id: 2, published: true, publishedAt: null, createdAt: '2025-06-01T00:00:00Z' },
      { id: 3, published: false, publishedAt: null, createdAt: '2025-02-01T00:00:00Z' },
      { id: 4, published: false, publishedAt: null, createdAt: '2025-03-01T00:00:00Z' },
    ];
    const { drafts, published } = splitByStatus(items);
    expect(drafts.map((item) => item.id)).toEqual([4, 3]);
    expect(published.map((item) => item.id)).toEqual([2, 1]);
  });
});

describe('dive-site form', () => {
  const site = {
    id: 7,
    name: 'Julian Rocks',
    latitude: '-28.61250000',
    longitude: '153.62890000',
    waterTemp: '19-26°C',
    skillLevel: 'Beginner',
    depthRange: '5-24m',
    description: 'Marine reserve off Byron Bay.',
    region: 'New South Wales',
    visibility: null,
    bestTime: null,
    marineLife: 'Leopard sharks',
    hazards: null,
    facilities: null,
    imageUrl: null,
    videoUrl: null,
    videoThumbnail: null,
    reviewLink: null,
    blogSlug: 'julian-rocks',
    featured: true,
    createdAt: '2025-01-01T00:00:00Z',
    kind: 'reef',
    access: 'shore',
    ...OPEN_SITE_TRUST,
    tideStation: null,
    swellExposure: ['N', 'NE', 'E'],
    onshoreWinds: null,
  } satisfies DiveSiteResponse;

  it('round-trips a site with coordinates as numbers and empty optional fields as null', () => {
    const payload = sitePayload(siteToForm(site));
    expect(payload).toMatchObject({ latitude: -28.6125, longitude: 153.6289, visibility: null, marineLife: 'Leopard sharks', featured: true });
    expect(payload).not.toHaveProperty('blogSlug');
    expect(EMPTY_SITE_FORM.skillLevel).toBe('Beginner');
  });

  it("round-trips a site's status and sources, one source a line as 'Title | address' or the address alone", () => {
    const withSources = { ...site, status: 'closed' as const, statusNote: 'Closed', sources: [{ title: 'Park notice', url: 'https://parks.example/notice' }] };
    const form = siteToForm(withSources);
    expect(form.sources).toBe('Park notice | https://parks.example/notice');
    expect(sitePayload(form)).toMatchObject({
      kind: 'reef',
      access: 'shore',
      status: 'closed',
      statusNote: 'Closed',
      statusSince: null,
    });
    // A date of checking is recorded by 'Mark checked' (a check with its sources), never typed into the form.
    expect(sitePayload(form)).not.toHaveProperty('lastChecked');
    expect(sitePayload(form).sources).toEqual([{ title: 'Park notice', url: 'https://parks.example/notice' }]);
    expect(parseSources(' https://a.example/x \n\nNotice | https://b.example/y')).toEqual([
      'https://a.example/x',
      { title: 'Notice', url: 'https://b.example/y' },
    ]);
  });

  it("round-trips a site's tide station: an id, 'none', or empty for the nearest", () => {
    expect(siteToForm({ ...site, tideStation: 'ticon/brunswick_heads-60350-aus-bom' }).tideStation).toBe('ticon/brunswick_heads-60350-aus-bom');
    expect(sitePayload(siteToForm({ ...site, tideStation: 'none' })).tideStation).toBe('none');
    expect(sitePayload({ ...siteToForm(site), tideStation: '  ' }).tideStation).toBeNull();
  });

  it('lists the distinct regions alphabetically and sorts sites by name', () => {
    const sites = [
      { ...site, name: 'Wolf Rock', region: 'Queensland' },
      { ...site, name: 'Fish Rock Cave', region: 'New South Wales' },
      { ...site, name: 'Cod Hole', region: 'Great Barrier Reef' },
    ];
    expect(regionsOf(sites)).toEqual(['Great Barrier Reef', 'New South Wales', 'Queensland']);
    expect([...sites].sort(byName).map((s) => s.name)).toEqual(['Cod Hole', 'Fish Rock Cave', 'Wolf Rock']);
  });
});

describe('admin display helpers', () => {
  it('reads times as a distance for "Submitted {time} ago"', () => {
    const now = new Date('2025-05-01T12:00:00Z');
    expect(timeDistance('2025-05-01T11:59:50Z', now)).toBe('less than a minute');
    expect(timeDistance('2025-05-01T11:59:00Z', now)).toBe('1 minute');
    expect(timeDistance('2025-05-01T10:00:00Z', now)).toBe('about 2 hours');
    expect(timeDistance('2025-04-28T12:00:00Z', now)).toBe('3 days');
  });

  it('colours security actions as SPEC section 2 says', () => {
    expect(actionTone('login_success')).toBe('green');
    expect(actionTone('login_failure')).toBe('red');
    expect(actionTone('login_blocked')).toBe('red');
    expect(actionTone('admin_logout')).toBe('blue');
    expect(actionTone('article_create')).toBe('slate');
  });
});

describe('field errors (issue 44: each problem at its field)', () => {
  it('names each empty required field of a slide, and nothing once it is filled', () => {
    expect(slideFieldProblems(EMPTY_SLIDE_FORM)).toEqual({ title: 'Title is required.', videoUrl: 'Video URL is required.' });
    expect(slideFieldProblems({ ...EMPTY_SLIDE_FORM, title: '  ', videoUrl: 'https://videos.example/a.mp4' })).toEqual({ title: 'Title is required.' });
    expect(slideFieldProblems({ ...EMPTY_SLIDE_FORM, title: 'Mantas', videoUrl: 'https://videos.example/a.mp4' })).toEqual({});
  });

  it("names a site's empty required fields and coordinates out of range, with the server's words", () => {
    const complete = {
      ...EMPTY_SITE_FORM,
      name: 'Fish Rock',
      region: 'NSW',
      latitude: '-30.94',
      longitude: '153.1',
      description: 'A cave.',
      depthRange: '10-24m',
      waterTemp: '19-24°C',
    };
    expect(siteFieldProblems(complete)).toEqual({});
    expect(siteFieldProblems({ ...complete, latitude: '-91', longitude: '181', region: ' ' })).toEqual({
      region: 'Region is required.',
      latitude: 'Latitude must be between -90 and 90.',
      longitude: 'Longitude must be between -180 and 180.',
    });
    expect(siteFieldProblems({ ...complete, latitude: '' })).toEqual({ latitude: 'Latitude is required.' });
  });

  it("reads a 400's per-field messages by the input's name, and nothing from any other failure", () => {
    const body = JSON.stringify({ error: 'Title is required', fields: { title: ['Title is required'], 'sources.0.url': ['Give a web address', 'more'] } });
    expect(serverFieldErrors(new ApiError(400, body, 'Bad Request'))).toEqual({ title: 'Title is required', sources: 'Give a web address' });
    expect(serverFieldErrors(new ApiError(500, body, 'Internal Server Error'))).toEqual({});
    expect(serverFieldErrors(new ApiError(400, 'not json', 'Bad Request'))).toEqual({});
    expect(serverFieldErrors(new Error('network'))).toEqual({});
  });
});
