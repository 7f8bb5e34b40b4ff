import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { projectRoot } from 'src/common/project-root';

/** The worker the client build writes (dist/public/sw.js), read once: it changes only with a new build. */
@Injectable()
export class ServiceWorkerService {
  private readonly content: string | null;

  constructor() {
    const file = join(projectRoot(), 'dist', 'public', 'sw.js');
    this.content = existsSync(file) ? readFileSync(file, 'utf8') : null;
  }

  script(): string | null {
    return this.content;
  }
}
