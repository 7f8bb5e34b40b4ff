import type { RequestHandler } from 'express';
import type { Clock } from 'src/common/clock';
import { errorBody } from 'src/common/error-body';
import { setAdminHeaders } from './admin-headers';
import { isSessionExpired } from './admin-session';

/**
 * For what is no route of Nest's (the API documentation Swagger serves): only a signed-in administrator,
 * within the session's limits, reaches it; anyone else gets the 404 of a path that does not exist, so
 * nothing tells them it is there. Neither answer is cached nor indexed. Mounted after the session layer.
 */
export function signedInAdministratorOnly(clock: Clock): RequestHandler {
  return (request, response, next) => {
    setAdminHeaders(response);
    const state = request.session?.admin;
    if (state && request.isAuthenticated?.() && !isSessionExpired(state, clock.now().getTime())) return next();
    response.status(404).json(errorBody(404, 'Not Found'));
  };
}
