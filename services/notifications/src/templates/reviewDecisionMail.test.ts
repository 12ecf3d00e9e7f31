/** The seller's e-mail of an admin's decision on a review they reported (issue 30 item 7). */
import { describe, expect, it } from 'vitest';
import { renderEmail } from './render';

const data = {
  name: 'Kamal Silva',
  companyname: 'Kandy Mobiles',
  item: 'Galaxy S24',
  review: 'Rubbish <b>seller</b>',
  reason: 'Abusive words',
  url: 'http://localhost:3000/Seller/ItemReviews/abc',
};

describe('review-report-decision', () => {
  it('says the review was removed, with the review, the reason and the link', () => {
    const m = renderEmail('review-report-decision', { ...data, decision: 'deleted' });
    expect(m.subject).toBe('The review you reported was removed: Galaxy S24');
    expect(m.text).toContain('Review: Rubbish <b>seller</b>');
    expect(m.text).toContain('Your reason: Abusive words');
    expect(m.text).toContain('the review was removed');
    expect(m.text).toContain('See the reviews: http://localhost:3000/Seller/ItemReviews/abc');
    expect(m.html).toContain('Rubbish &lt;b&gt;seller&lt;/b&gt;');
  });

  it('says the review was kept when the report was dismissed, and refuses another decision', () => {
    const m = renderEmail('review-report-decision', { ...data, decision: 'kept' });
    expect(m.subject).toBe('The review you reported was kept: Galaxy S24');
    expect(m.text).toContain('the review was kept');
    expect(() => renderEmail('review-report-decision', { ...data, decision: 'ignored' })).toThrow();
  });
});
