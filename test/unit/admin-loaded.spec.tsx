import { renderToString } from 'react-dom/server';
import { Loaded } from 'client/admin/ui/Loaded';

const show = (state: { isPending: boolean; isError: boolean; data?: string[] }) =>
  renderToString(
    <Loaded state={state} what="issues">
      {(issues) => (
        <ul>
          {issues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      )}
    </Loaded>,
  );

describe('an admin list while its data loads', () => {
  it('says it is loading, then shows the data', () => {
    expect(show({ isPending: true, isError: false })).toContain('Loading issues...');
    expect(show({ isPending: false, isError: false, data: ['Winter on the reef'] })).toBe('<ul><li>Winter on the reef</li></ul>');
  });

  it('says when loading failed, as an alert', () => {
    expect(show({ isPending: false, isError: true })).toBe('<p role="alert" class="text-sm text-red-700">Failed to load issues. Please try again.</p>');
  });
});
