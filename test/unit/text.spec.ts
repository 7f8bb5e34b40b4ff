import { autoExcerpt, metaDescription } from 'core/text';

describe('metaDescription (SPEC section 9)', () => {
  const body = `## Why it matters\n\n${'Slow, relaxed breathing stretches your air and calms you down at depth. '.repeat(5)}`;

  it('uses the excerpt when there is one', () => {
    expect(metaDescription('Breathing well underwater, in three habits.', body)).toBe('Breathing well underwater, in three habits.');
  });

  it('falls back to the first 160 characters of the content, as plain text', () => {
    const description = metaDescription('  ', body);
    expect(description.startsWith('Why it matters Slow, relaxed breathing')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).not.toContain('#');
  });
});

describe('autoExcerpt (SPEC section 5)', () => {
  it('is the first 150 characters plus an ellipsis, without image placeholders', () => {
    const excerpt = autoExcerpt(`![Reef](/media/scene-coral-reef.svg)\n\n${'Plan the dive and dive the plan. '.repeat(10)}`);
    expect(excerpt.startsWith('Plan the dive')).toBe(true);
    expect(excerpt.endsWith('...')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(153);
  });
});
