import { normaliseFilters } from 'core/dive-sites/filters';
import { CSV_FIELDS, EXPLORER_FIELDS, GEOJSON_FIELDS, PANEL_FIELDS, RESPONSE_FIELDS, TRANSFER_FIELDS } from 'core/dive-sites/fields';
import { explorerProps, presentList, presentSite, siteDescription, type ExplorerData, type PanelData } from 'src/dive-site-pages/dive-site-pages.presenter';
import { DiveSiteListQuery } from 'src/dive-site-pages/dive-site-pages.query';
import { PageQueryPipe } from 'src/lists/page-query';
import type { DiveSite } from 'src/dive-sites/dive-site.entity';
import { toDiveSiteResponse } from 'src/dive-sites/dive-site.response';
import { toExplorerSite } from 'src/dive-sites/explorer-site';
import { OPEN_SITE_TRUST } from '../support/dive-site-fixtures';

const address = { siteName: 'Test Dive Guide', absoluteUrl: (path: string) => `https://dive.example${path}` };
const tiles = { url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'Tiles', offlineLand: null };

function site(overrides: Partial<DiveSite> = {}): DiveSite {
  return {
    id: 7,
    name: 'Julian Rocks',
    latitude: '-28.61000000',
    longitude: '153.63000000',
    positionPrecision: 'mark',
    waterTemp: '19-26°C',
    skillLevel: 'Beginner',
    depthRange: '5-24m',
    description: 'A marine reserve off Byron Bay with grey nurse sharks in winter and leopard sharks in summer.',
    ratingCount: 0,
    ratingSum: 0,
    region: 'New South Wales',
    visibility: '10-20m',
    bestTime: 'June to September',
    marineLife: 'Grey nurse sharks',
    hazards: 'Currents',
    facilities: null,
    imageUrl: '/media/julian.jpg',
    videoUrl: null,
    videoThumbnail: null,
    reviewLink: null,
    blogSlug: 'julian-rocks',
    featured: true,
    kind: 'reef',
    tideStation: null,
    access: 'boat',
    swellExposure: null,
    onshoreWinds: null,
    ...OPEN_SITE_TRUST,
    createdAt: new Date('2026-01-02T03:04:05.000Z'),
    updatedAt: new Date('2026-01-02T03:04:05.000Z'),
    ...overrides,
  };
}

function explorer(overrides: Partial<ExplorerData> = {}): ExplorerData {
  return {
    cards: [site()],
    ratings: new Map([[7, { average: 4.5, count: 2 }]]),
    notices: new Map(),
    regionNotices: [],
    matchCount: 1,
    totalSites: 1,
    regions: ['New South Wales'],
    visible: 24,
    from: 0,
    filters: normaliseFilters({}),
    matches: null,
    topRated: false,
    tiles,
    ...overrides,
  };
}

const panelData = (overrides: Partial<PanelData> = {}): PanelData => ({
  site: site(),
  nearby: [{ id: 8, name: 'Cook Island', skillLevel: 'Beginner', km: 20 }],
  safety: {} as PanelData['safety'],
  ratings: { ratings: [], summary: { average: 4.5, count: 2 } },
  reports: { rows: [], total: 0, today: '2026-11-25', earliest: '2026-11-11' },
  renderedAt: new Date('2026-11-25T00:00:00.000Z'),
  check: null,
  notices: [],
  ...overrides,
});

describe('dive-site pages presenter', () => {
  it('gives /dive-sites the sort choice, and a whole list when nothing filters it and every site fits', () => {
    const view = presentList(explorer());
    expect(view.meta).toMatchObject({ path: '/dive-sites', fullTitle: true, styles: ['leaflet'] });
    expect(view.props.site).toBeNull();
    expect(view.props.explorer).toMatchObject({ sortChoice: true, complete: true, routeSite: null, routeMissing: false, initialVisible: 24 });
    expect(view.props.explorer.sites).toEqual([toExplorerSite(site(), new Map([[7, { average: 4.5, count: 2 }]]))]);
    expect(view.props.explorer.sites[0].rating).toEqual({ average: 4.5, count: 2 });
  });

  it('is not complete when filtered or when there are more sites than cards', () => {
    expect(explorerProps(explorer({ filters: normaliseFilters({ region: 'Tasmania' }) })).complete).toBe(false);
    expect(explorerProps(explorer({ totalSites: 30, visible: 24 })).complete).toBe(false);
  });

  it("builds a site's page: title, description, TouristAttraction and breadcrumb JSON-LD, panel and explorer", () => {
    const view = presentSite({ rawId: '7', explorer: explorer(), found: panelData() }, address);
    expect(view.meta.title).toBe('Julian Rocks - New South Wales Dive Site Guide');
    expect(view.meta.path).toBe('/dive-sites/7');
    expect(view.meta.image).toBe('/media/julian.jpg');
    expect(view.meta.noindex).toBeUndefined();
    const [attraction, crumbs] = view.meta.jsonLd as Record<string, unknown>[];
    expect(attraction).toMatchObject({
      '@type': 'TouristAttraction',
      url: 'https://dive.example/dive-sites/7',
      image: 'https://dive.example/media/julian.jpg',
      touristType: 'Beginner scuba divers',
      geo: { latitude: -28.61, longitude: 153.63 },
      aggregateRating: { ratingValue: 4.5, ratingCount: 2 },
    });
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(view.props.explorer).toMatchObject({ sortChoice: false, complete: false, routeSite: { id: 7, name: 'Julian Rocks' }, routeMissing: false });
    expect(view.props.panel?.site).toMatchObject({ latitude: -28.61, longitude: 153.63, reviewHref: '/blog/julian-rocks', positionPrecision: 'mark' });
    expect(view.props.panel?.crumbs.map((crumb) => crumb.href)).toEqual(['/dive-sites', '/dive-sites?region=New%20South%20Wales', '/dive-sites/7']);
    expect(view.props.panel?.renderedAt).toBe('2026-11-25T00:00:00.000Z');
  });

  it('leaves aggregateRating and image out of the JSON-LD of a site nobody rated and without a photo', () => {
    const found = panelData({ site: site({ imageUrl: null }), ratings: { ratings: [], summary: { average: 0, count: 0 } } });
    const [attraction] = presentSite({ rawId: '7', explorer: explorer(), found }, address).meta.jsonLd as Record<string, unknown>[];
    expect(attraction).not.toHaveProperty('aggregateRating');
    expect(attraction).not.toHaveProperty('image');
  });

  it('shows an unknown id as the empty explorer, out of search engines, its address as asked', () => {
    const view = presentSite({ rawId: 'no such', explorer: explorer({ cards: [], matchCount: 0 }), found: null }, address);
    expect(view.meta).toMatchObject({ path: '/dive-sites/no%20such', noindex: true });
    expect(view.props.panel).toBeUndefined();
    expect(view.props.explorer).toMatchObject({ routeMissing: true, routeSite: null, sites: [] });
  });

  it('keeps the description to 160 characters', () => {
    expect(siteDescription(site({ description: 'Short.' }))).toBe('Julian Rocks, New South Wales: beginner dive, 5-24m, water 19-26°C. Short.');
    const long = siteDescription(site({ description: 'x'.repeat(300) }));
    expect(long).toHaveLength(160);
    expect(long.endsWith('...')).toBe(true);
  });
});

describe('a dive site named once', () => {
  it('keeps the order of the keys of the API answer, the explorer, the panel and the exports', () => {
    const words = (text: string) => text.split(' ');
    expect(RESPONSE_FIELDS).toEqual(
      words(
        'id name latitude longitude waterTemp skillLevel depthRange description region visibility bestTime marineLife hazards facilities imageUrl videoUrl videoThumbnail reviewLink blogSlug featured createdAt kind access status statusNote statusSince statusSource lastChecked sources tideStation swellExposure onshoreWinds',
      ),
    );
    expect(EXPLORER_FIELDS).toEqual(
      words(
        'id name latitude longitude region skillLevel depthRange waterTemp visibility bestTime description marineLife hazards featured imageUrl reviewHref videoUrl kind access status',
      ),
    );
    expect(PANEL_FIELDS).toEqual(
      words(
        'id name region skillLevel depthRange waterTemp visibility bestTime marineLife hazards facilities description imageUrl videoUrl videoThumbnail reviewHref latitude longitude positionPrecision kind access status statusNote statusSince statusSource lastChecked sources',
      ),
    );
    expect(GEOJSON_FIELDS).toEqual(
      words('id name region skillLevel depthRange waterTemp visibility bestTime description marineLife hazards facilities featured'),
    );
    expect(CSV_FIELDS).toEqual(
      words(
        'id name region latitude longitude skillLevel depthRange waterTemp visibility bestTime description marineLife hazards facilities imageUrl videoUrl videoThumbnail reviewLink blogSlug featured createdAt updatedAt kind access status statusNote statusSince statusSource lastChecked sources tideStation swellExposure onshoreWinds',
      ),
    );
    expect(TRANSFER_FIELDS).toEqual(
      words(
        'name region latitude longitude positionPrecision skillLevel depthRange waterTemp visibility bestTime description marineLife hazards facilities imageUrl videoUrl videoThumbnail reviewLink blogSlug featured createdAt updatedAt kind access status statusNote statusSince statusSource lastChecked sources tideStation swellExposure onshoreWinds',
      ),
    );
  });

  it('answers the API with RESPONSE_FIELDS in their order, and nothing else', () => {
    expect(Object.keys(toDiveSiteResponse(site()))).toEqual([...RESPONSE_FIELDS]);
    expect(toDiveSiteResponse(site())).not.toHaveProperty('ratingCount');
  });

  it("truncates the explorer card's description and hazards and adds its review link", () => {
    const card = toExplorerSite(site({ description: 'y'.repeat(200), hazards: 'z'.repeat(100), reviewLink: '/gear-reviews/x' }));
    expect(card.description).toBe(`${'y'.repeat(120)}...`);
    expect(card.hazards).toBe(`${'z'.repeat(80)}...`);
    expect(card.reviewHref).toBe('/gear-reviews/x');
    expect(card.rating).toBeNull();
  });

  // The exposure profile (issue 46) is exported too, as the administrator edits it.
  it("exports every column but the rating totals the trigger keeps and the position's precision", () => {
    const columns = Object.keys(site()).filter((key) => !['ratingCount', 'ratingSum', 'positionPrecision'].includes(key));
    expect([...CSV_FIELDS].sort()).toEqual(columns.sort());
  });
});

describe('page query strings', () => {
  const pipe = new PageQueryPipe(DiveSiteListQuery);

  it('keeps the values that follow their rule, and ignores parameters it does not name', () => {
    expect({ ...pipe.transform({ region: 'Tasmania', show: '48', sort: 'top-rated', utm_source: 'mail' }) }).toEqual({
      region: 'Tasmania',
      show: '48',
      sort: 'top-rated',
    });
  });

  it('drops a value that breaks its rule, so the page shows its default', () => {
    expect({ ...pipe.transform({ region: ['a', 'b'], show: '-1', sort: 'best' }) }).toEqual({});
  });
});
