import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { AdminIdentity } from 'src/users/users.service';

/** The session keeps the administrator's id and name; there is one administrator, so no lookup is needed. */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  serializeUser(user: AdminIdentity, done: (error: Error | null, payload?: AdminIdentity) => void): void {
    done(null, { id: user.id, username: user.username });
  }

  deserializeUser(payload: AdminIdentity, done: (error: Error | null, user?: AdminIdentity) => void): void {
    done(null, payload);
  }
}
