import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { FormOutcome } from 'core/form-outcome';
import { Clock } from 'src/common/clock';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { setOutcomeCookie } from 'src/http/form-outcome-cookie';
import { returnPath } from './form-return';

/** The form's own page, when the post did not say where it came from. */
function fallbackPage({ form, target }: FormOutcome): string {
  if (form === 'rating' || form === 'correction' || form === 'report') return `/dive-sites/${target}`;
  if (form === 'comment') return '/blog';
  return `/${form}`;
}

/** Hands a no-JavaScript post's outcome to the page it returns to. */
@Injectable()
export class FormOutcomes {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** Sets the outcome's cookie and answers the address to redirect to (303, so a reload never posts again). */
  remember(request: Request, response: Response, outcome: FormOutcome): string {
    setOutcomeCookie(response, outcome, this.config.siteUrl, this.config.sessionSecret, this.clock.now().getTime());
    return returnPath(request, outcome.form, fallbackPage(outcome), new URL(this.config.siteUrl).origin);
  }
}
