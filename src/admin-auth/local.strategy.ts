import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { UsersService, type AdminIdentity } from 'src/users/users.service';

/**
 * passport-local for the one administrator. The sign-in form has only a password (SPEC), so both of
 * the strategy's fields read `password`; the user name is always the administrator's.
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly users: UsersService) {
    super({ usernameField: 'password', passwordField: 'password' });
  }

  async validate(_username: string, password: string): Promise<AdminIdentity | false> {
    return (await this.users.authenticate(password)) ?? false;
  }
}
