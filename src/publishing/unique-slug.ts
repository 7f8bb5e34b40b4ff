import { BadRequestException, ConflictException } from '@nestjs/common';
import type { Repository } from 'typeorm';
import { slugFromTitle } from 'core/text';

/**
 * An explicit slug must be free (409 otherwise); a slug generated from the title gets -2, -3... when
 * another row already has it, so saving a second post with the same title still works.
 */
export async function uniqueSlug(
  repository: Repository<{ id: number; slug: string }>,
  requested: string | null,
  title: string,
  ownId: number | null,
  conflictMessage: string,
): Promise<string> {
  const taken = async (slug: string) => {
    const found = await repository.findOne({ where: { slug }, select: { id: true } });
    return !!found && found.id !== ownId;
  };
  if (requested) {
    const slug = slugFromTitle(requested);
    if (!slug) throw new BadRequestException('URL slug must contain letters or digits');
    if (await taken(slug)) throw new ConflictException(conflictMessage);
    return slug;
  }
  const base = slugFromTitle(title) || 'post';
  let slug = base;
  for (let n = 2; await taken(slug); n++) slug = `${base}-${n}`;
  return slug;
}
