import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { generatePassword, hashPassword, verifyPassword } from './password-hash';
import { User } from './user.entity';
import { addStartNotice, boxed } from './start-notices';

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
        await this.users.update(existing.id, { password: await hashPassword(wanted) });
        this.logger.log('The administrator password was updated from ADMIN_PASSWORD');
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

  /** The administrator when the password is right, else null. */
  async authenticate(password: string): Promise<AdminIdentity | null> {
    const admin = await this.users.findOneBy({ username: ADMIN_USERNAME });
    if (!admin || !(await verifyPassword(password, admin.password))) return null;
    return { id: admin.id, username: admin.username };
  }
}
