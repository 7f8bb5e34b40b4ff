import { Inject, Injectable } from '@nestjs/common';
import { create, fragment } from 'xmlbuilder2';
import { csvText, type CsvCell } from 'src/lists/csv';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { CSV_FIELDS, GEOJSON_FIELDS, pickFields } from 'core/dive-sites/fields';
import type { DiveSite } from './dive-site.entity';

/** Every column of dive_sites, in the order of the admin form. */
export const CSV_COLUMNS = CSV_FIELDS;

/** The dive-site exports: CSV for the administrator, GeoJSON and GPX for divers' GPS and planning apps. */
@Injectable()
export class DiveSiteExportService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * Through the site's one CSV writer (src/lists/csv.ts: a BOM, every text cell quoted and kept from
   * running as a formula), a batch of sites at a time (DiveSitesService.filtered): the BOM and the header
   * come once, first.
   */
  async *csv(batches: AsyncIterable<DiveSite[]>): AsyncGenerator<string> {
    let first = true;
    for await (const sites of batches) {
      yield this.csvRows(sites, first);
      first = false;
    }
    if (first) yield this.csvRows([], true);
  }

  private csvRows(sites: DiveSite[], first: boolean): string {
    return csvText(
      sites.map((site) => CSV_COLUMNS.map((column) => this.cell(site[column], column))),
      { header: first, columns: CSV_COLUMNS },
    );
  }

  /** A FeatureCollection (compact JSON), a batch of features at a time. */
  async *geojson(batches: AsyncIterable<DiveSite[]>): AsyncGenerator<string> {
    let text = '{"type":"FeatureCollection","features":[';
    let count = 0;
    for await (const sites of batches) {
      for (const site of sites) text += (count++ ? ',' : '') + JSON.stringify(this.feature(site));
      yield text;
      text = '';
    }
    yield `${text}]}`;
  }

  private feature(site: DiveSite) {
    return {
      type: 'Feature' as const,
      id: site.id,
      // GeoJSON positions are [longitude, latitude] (RFC 7946).
      geometry: { type: 'Point' as const, coordinates: [Number(site.longitude), Number(site.latitude)] },
      properties: { ...pickFields(site, GEOJSON_FIELDS), url: this.pageUrl(site) },
    };
  }

  /** GPX 1.1 waypoints, one per site: the document's head, then its waypoints a batch at a time, each indented as in the whole document. */
  async *gpx(batches: AsyncIterable<DiveSite[]>): AsyncGenerator<string> {
    const gpx = create({ version: '1.0', encoding: 'UTF-8' }).ele('gpx', {
      xmlns: 'http://www.topografix.com/GPX/1/1',
      version: '1.1',
      creator: this.config.siteName,
    });
    const metadata = gpx.ele('metadata');
    metadata.ele('name').txt(`${this.config.siteName} dive sites`);
    metadata
      .ele('link', { href: `${this.config.siteUrl}/dive-sites` })
      .ele('text')
      .txt(this.config.siteName);
    const head = gpx.end({ prettyPrint: true });
    yield head.slice(0, head.lastIndexOf('</gpx>'));
    for await (const sites of batches) yield sites.map((site) => `${this.waypoint(site)}\n`).join('');
    yield '</gpx>';
  }

  private waypoint(site: DiveSite): string {
    const waypoint = fragment().ele('wpt', { lat: Number(site.latitude).toString(), lon: Number(site.longitude).toString() });
    waypoint.ele('name').txt(site.name);
    waypoint.ele('cmt').txt(`${site.region} · ${site.skillLevel} · ${site.depthRange} · ${site.waterTemp}`);
    waypoint.ele('desc').txt(site.description);
    waypoint
      .ele('link', { href: this.pageUrl(site) })
      .ele('text')
      .txt(site.name);
    waypoint.ele('type').txt('Dive site');
    return waypoint.end({ prettyPrint: true, offset: 1 });
  }

  private pageUrl(site: DiveSite): string {
    return `${this.config.siteUrl}/dive-sites/${site.id}`;
  }

  /** Every column as text (a number as PostgreSQL gives it), a date or nothing. */
  private cell(value: unknown, column: string): CsvCell {
    if (value === null || value === undefined || value instanceof Date) return value;
    // An exposure profile (issue 46): its compass points, 'N NE E'; 'none' when sheltered from every one (empty: not profiled).
    if ((column === 'swellExposure' || column === 'onshoreWinds') && Array.isArray(value)) return value.length ? value.join(' ') : 'none';
    // A site's sources: their addresses, one a line.
    if (Array.isArray(value)) return value.map((source: { url: string }) => source.url).join('\n');
    return String(value);
  }
}
