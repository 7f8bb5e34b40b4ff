import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { generatePassword, hashPassword, verifyPassword } from './password-hash';
import { User } from './user.entity';
import { addStartNotice, boxed } from './start-notices';

/**
 * Deletes every row of express-session's table (src/admin-auth/pg-session-store.ts): a session exists
 * only once the administrator has signed in, so these are all the administrator's.
 */
async function endSessions(manager: EntityManager): Promise<number> {
  const [{ n }] = (await manager.query('WITH ended AS (DELETE FROM "session" RETURNING 1) SELECT count(*)::int AS n FROM ended')) as { n: number }[];
  return n;
}

/** The site has one administrator; this is its user name in `users`. */
export const ADMIN_USERNAME = 'admin';

export interface AdminIdentity {
  id: number;
  username: string;
}

@Injectable()
export class UsersService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Admin');

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureAdministrator();
  }

  /**
   * Creates the administrator on the first start, and keeps its hash in step with ADMIN_PASSWORD when
   * that is set. Several processes may start at once on one database: the insert is a no-op for all
   * but one of them, and only the process that inserted a generated password prints it.
   */
  async ensureAdministrator(): Promise<void> {
    const existing = await this.users.findOneBy({ username: ADMIN_USERNAME });
    const wanted = this.config.adminPassword;
    if (existing) {
      if (wanted && !(await verifyPassword(wanted, existing.password))) {
        const password = await hashPassword(wanted);
        // A new password ends every session signed in with the old one (a stolen cookie too), at once.
        const ended = await this.users.manager.transaction(async (manager) => {
          await manager.update(User, existing.id, { password });
          return endSessions(manager);
        });
        this.logger.log(`The administrator password was updated from ADMIN_PASSWORD; ${ended} session${ended === 1 ? '' : 's'} ended`);
      }
      return;
    }
    const password = wanted ?? generatePassword();
    const inserted = await this.users
      .createQueryBuilder()
      .insert()
      .values({ username: ADMIN_USERNAME, password: await hashPassword(password) })
      .orIgnore()
      .returning('id')
      .execute();
    if (!wanted && inserted.raw.length > 0) this.announce(password);
  }

  /**
   * The only time the generated password is shown: straight to the console, never through the logger,
   * in a box printed after the start's last line (start-notices.ts).
   */
  private announce(password: string): void {
    addStartNotice(
      boxed([
        'An administrator password was generated (it is shown only this once; only its hash is stored):',
        `  ${password}`,
        `Sign in at ${this.config.siteUrl}/admin`,
        'To choose another, start the server with ADMIN_PASSWORD set.',
      ]),
    );
  }

  /** Ends every administrator session ('Sign out everywhere'); answers how many there were. */
  endEverySession(): Promise<number> {
    return endSessions(this.users.manager);
  }

  /** The administrator when the password is right, else null. */
  async authenticate(password: string): Promise<AdminIdentity | null> {
    const admin = await this.users.findOneBy({ username: ADMIN_USERNAME });
    if (!admin || !(await verifyPassword(password, admin.password))) return null;
    return { id: admin.id, username: admin.username };
  }
}
