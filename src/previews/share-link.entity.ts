import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { PreviewKind } from 'core/api/previews';

/** A share link to a draft or scheduled post: its id is in the signed token; withdrawing it sets `revokedAt`. */
@Entity({ name: 'share_links' })
@Index('IDX_share_links_post', ['kind', 'postId'])
export class ShareLink {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ type: 'varchar', length: 20 })
  kind: PreviewKind;

  @Column({ name: 'post_id', type: 'int' })
  postId: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
