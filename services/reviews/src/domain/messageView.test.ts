import { describe, expect, it } from 'vitest';
import { messageView } from './messageView';

const msg = {
  _id: 'm1',
  name: 'Nimal Perera',
  email: 'nimal@example.lk',
  message: '<b>Hi</b> & <script>x()</script>',
  customerid: 'c1',
  createdAt: new Date('2026-11-22T10:00:00.000Z'),
};

describe('message card', () => {
  it('keeps the text exactly as sent and adds the sender’s photo', () => {
    const v = messageView(msg, { userImage: 'a.webp', deleted: false });
    expect(v.message).toBe(msg.message);
    expect(v).toMatchObject({ customerImage: 'a.webp', createdAt: '2026-11-22T10:00:00.000Z' });
    expect('sellerid' in v).toBe(false);
  });

  it('names the seller of a contactsel message and hides a deleted sender’s photo', () => {
    const v = messageView({ ...msg, sellerid: 's1' }, { userImage: 'a.webp', deleted: true });
    expect(v).toMatchObject({ sellerid: 's1', customerImage: '' });
    expect(messageView(msg, undefined).customerImage).toBe('');
  });
});
