import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, Repository } from 'typeorm';
import { previewPath, type PreviewKind, type ShareLinkResponse } from 'core/api/previews';
import { Clock } from 'src/common/clock';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { ShareLink } from './share-link.entity';

const DAY_MS = 86_400_000;

/**
 * Share links to a draft or scheduled post (issue 32, as Ghost does): `?share=<id>.<expiry>.<signature>`,
 * the signature an HMAC of kind, post, id and expiry under the site's secret, so a forged or altered token
 * is refused without a database read; the row makes it withdrawable. A link opens only its own post, only
 * until it expires, and never once withdrawn.
 */
@Injectable()
export class ShareLinksService {
  private readonly key: Buffer;

  constructor(
    @InjectRepository(ShareLink) private readonly links: Repository<ShareLink>,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = createHmac('sha256', config.sessionSecret).update('share-links').digest();
  }

  async create(kind: PreviewKind, postId: number, days: number): Promise<ShareLinkResponse> {
    const link = await this.links.save(
      this.links.create({ id: randomBytes(12).toString('base64url'), kind, postId, expiresAt: new Date(this.clock.now().getTime() + days * DAY_MS) }),
    );
    return this.toResponse(link);
  }

  /** The post's links that still open it, newest first. */
  async active(kind: PreviewKind, postId: number): Promise<ShareLinkResponse[]> {
    const links = await this.links.find({ where: { kind, postId, revokedAt: IsNull(), expiresAt: MoreThan(this.clock.now()) }, order: { createdAt: 'DESC' } });
    return links.map((link) => this.toResponse(link));
  }

  /** Withdraws a link of this post; false when it has no such link. */
  async revoke(kind: PreviewKind, postId: number, id: string): Promise<boolean> {
    const result = await this.links.update({ id, kind, postId, revokedAt: IsNull() }, { revokedAt: this.clock.now() });
    return (result.affected ?? 0) > 0;
  }

  /** Whether `token` is a live share link to this post. */
  async opens(kind: PreviewKind, postId: number, token: string): Promise<boolean> {
    const [id, expiry, signature] = token.split('.');
    if (!id || !expiry || !signature || !/^\d{1,15}$/.test(expiry)) return false;
    const expected = Buffer.from(this.sign(kind, postId, id, Number(expiry)));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    if (Number(expiry) <= this.clock.now().getTime()) return false;
    return this.links.exists({ where: { id, kind, postId, revokedAt: IsNull(), expiresAt: MoreThan(this.clock.now()) } });
  }

  private sign(kind: PreviewKind, postId: number, id: string, expiresAt: number): string {
    return createHmac('sha256', this.key).update(`${kind}:${postId}:${id}:${expiresAt}`).digest('base64url');
  }

  private toResponse(link: ShareLink): ShareLinkResponse {
    const expiry = link.expiresAt.getTime();
    const token = `${link.id}.${expiry}.${this.sign(link.kind, link.postId, link.id, expiry)}`;
    const url = new URL(`${previewPath(link.kind, link.postId)}?share=${token}`, this.config.siteUrl).toString();
    return { id: link.id, url, expiresAt: link.expiresAt.toISOString(), createdAt: link.createdAt.toISOString() };
  }
}
