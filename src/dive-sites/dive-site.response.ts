import type { DiveSiteResponse } from 'core/api/dive-sites';
import { pickFields, RESPONSE_FIELDS } from 'core/dive-sites/fields';
import type { DiveSite } from './dive-site.entity';

export function toDiveSiteResponse(site: DiveSite): DiveSiteResponse<Date> {
  return pickFields(site, RESPONSE_FIELDS);
}
