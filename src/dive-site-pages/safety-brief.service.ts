import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { greatCircleKm } from 'core/geo';
import { projectRoot } from 'src/common/project-root';

interface ChamberEntry {
  name: string;
  city: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  notes: string;
  /** Where the facts were checked: one address or several. */
  source: string | string[];
  checked: string;
}

interface ChambersFile {
  checked: string;
  danHotline: { name: string; australia: string; international: string; source: string };
  chambers: ChamberEntry[];
  withoutChamber: { country: string; notes: string; source: string; checked: string }[];
}

export interface SafetyChamber {
  name: string;
  city: string;
  country: string;
  phone: string | null;
  notes: string;
  source: string | string[];
  checked: string;
}

export interface SafetyBrief {
  nearest: SafetyChamber & { km: number };
  /** Over FAR_KM: the page says plainly how far the nearest chamber is. */
  far: boolean;
  /** Chambers in the site's country whose position is not confirmed, so no distance can be given. */
  unplaced: SafetyChamber[];
  /** The site's country has no working chamber (data file's withoutChamber). */
  noChamber: { country: string; notes: string } | null;
  dan: ChambersFile['danHotline'];
}

export const FAR_KM = 500;

/** A Pacific region of the seed is its country; every other region is in Australia. */
const REGION_COUNTRIES: Record<string, string> = {
  Fiji: 'Fiji',
  Vanuatu: 'Vanuatu',
  'Solomon Islands': 'Solomon Islands',
  'Papua New Guinea': 'Papua New Guinea',
  'New Caledonia': 'New Caledonia',
  Tonga: 'Tonga',
  Samoa: 'Samoa',
  'Cook Islands': 'Cook Islands',
  'French Polynesia': 'French Polynesia',
  Palau: 'Palau',
  Micronesia: 'Federated States of Micronesia',
  'New Zealand': 'New Zealand',
};

/**
 * The safety brief of a dive-site page: the nearest recompression chamber of data/hyperbaric-chambers.json
 * and the DAN hotline. The list is about twenty entries, read once, so distances are computed here.
 */
@Injectable()
export class SafetyBriefService {
  private readonly file: ChambersFile = JSON.parse(readFileSync(join(projectRoot(), 'data', 'hyperbaric-chambers.json'), 'utf8'));

  briefFor(site: { latitude: string | number; longitude: string | number; region: string }): SafetyBrief {
    const latitude = Number(site.latitude);
    const longitude = Number(site.longitude);
    const placed = this.file.chambers
      .filter((chamber) => chamber.latitude !== null && chamber.longitude !== null)
      .map((chamber) => ({ ...this.describe(chamber), km: greatCircleKm(latitude, longitude, chamber.latitude!, chamber.longitude!) }))
      .sort((a, b) => a.km - b.km);
    const nearest = placed[0];
    const country = REGION_COUNTRIES[site.region] ?? 'Australia';
    const unplaced = this.file.chambers.filter((chamber) => chamber.latitude === null && chamber.country === country).map((chamber) => this.describe(chamber));
    const without = this.file.withoutChamber.find((entry) => entry.country === country);
    return {
      nearest,
      far: nearest.km > FAR_KM,
      unplaced,
      noChamber: without ? { country: without.country, notes: without.notes } : null,
      dan: this.file.danHotline,
    };
  }

  private describe(chamber: ChamberEntry): SafetyChamber {
    const { name, city, country, phone, notes, source, checked } = chamber;
    return { name, city, country, phone, notes, source, checked };
  }
}
