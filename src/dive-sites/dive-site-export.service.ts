import { Inject, Injectable } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';
import { create } from 'xmlbuilder2';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { CSV_FIELDS, GEOJSON_FIELDS, pickFields } from 'core/dive-sites/fields';
import type { DiveSite } from './dive-site.entity';

/** Every column of dive_sites, in the order of the admin form. */
export const CSV_COLUMNS = CSV_FIELDS;

/** What a spreadsheet program reads as the start of a formula (OWASP, CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number, such as a southern latitude (-38.29), is left as it is: it runs nothing. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * OWASP's advice against CSV injection: a cell starting with =, +, -, @, a tab or a carriage return gets a
 * single quote in front, so Excel, LibreOffice and Google Sheets show the text instead of running
 * `=HYPERLINK(...)` or a DDE call. Every cell is quoted too, so no program splits one at a separator.
 */
export function spreadsheetSafe(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The dive-site exports: CSV for the administrator, GeoJSON and GPX for divers' GPS and planning apps. */
@Injectable()
export class DiveSiteExportService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** UTF-8 with a byte-order mark, so spreadsheet programs keep the degree sign of '24-29°C'. */
  csv(sites: DiveSite[]): string {
    return stringify(
      sites.map((site) => CSV_COLUMNS.map((column) => this.cell(site[column]))),
      { header: true, columns: [...CSV_COLUMNS], bom: true, record_delimiter: 'windows', quoted_string: true },
    );
  }

  geojson(sites: DiveSite[]) {
    return {
      type: 'FeatureCollection' as const,
      features: sites.map((site) => ({
        type: 'Feature' as const,
        id: site.id,
        // GeoJSON positions are [longitude, latitude] (RFC 7946).
        geometry: { type: 'Point' as const, coordinates: [Number(site.longitude), Number(site.latitude)] },
        properties: { ...pickFields(site, GEOJSON_FIELDS), url: this.pageUrl(site) },
      })),
    };
  }

  /** GPX 1.1 waypoints, one per site. */
  gpx(sites: DiveSite[]): string {
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
    for (const site of sites) {
      const waypoint = gpx.ele('wpt', { lat: Number(site.latitude).toString(), lon: Number(site.longitude).toString() });
      waypoint.ele('name').txt(site.name);
      waypoint.ele('cmt').txt(`${site.region} · ${site.skillLevel} · ${site.depthRange} · ${site.waterTemp}`);
      waypoint.ele('desc').txt(site.description);
      waypoint
        .ele('link', { href: this.pageUrl(site) })
        .ele('text')
        .txt(site.name);
      waypoint.ele('type').txt('Dive site');
    }
    return gpx.end({ prettyPrint: true });
  }

  private pageUrl(site: DiveSite): string {
    return `${this.config.siteUrl}/dive-sites/${site.id}`;
  }

  private cell(value: unknown): string {
    if (value === null || value === undefined) return '';
    if (value instanceof Date) return value.toISOString();
    // A site's sources: their addresses, one a line.
    if (Array.isArray(value)) return spreadsheetSafe(value.map((source: { url: string }) => source.url).join('\n'));
    return spreadsheetSafe(String(value));
  }
}
