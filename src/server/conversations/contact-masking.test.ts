import { describe, expect, it } from 'vitest';
import { CONTACT_MASKS } from '../../shared/conversations.ts';
import { maskContacts, showsContacts } from './contact-masking.ts';

const { email: EMAIL, phone: PHONE } = CONTACT_MASKS;

describe('maskContacts', () => {
  it.each([
    ['ada@example.com', EMAIL],
    ['Write to Ada.Lovelace+tasks@mail.example.co.uk!', `Write to ${EMAIL}!`],
    ['jürgen@beispiel.de', EMAIL],
    ['+1 (555) 123-4567', PHONE],
    ['(555) 123-4567', PHONE],
    ['555-123-4567', PHONE],
    ['555.123.4567', PHONE],
    ['5551234567', PHONE],
    ['+44 20 7946 0958', PHONE],
    ['0044 (0)20 7946 0958', PHONE],
    ['07700 900123', PHONE],
    ['call 555 1234 567 or ada@example.com', `call ${PHONE} or ${EMAIL}`],
  ])('masks %j', (text, masked) => {
    expect(maskContacts(text)).toBe(masked);
  });

  it.each([
    'I can do it for $1,500,000 or 250.50 USD',
    'Due 2025-06-30, or 30.06.2025, or 30-06-2025',
    'Between 9:00 and 17:30, 5 days a week',
    'Order ABC1234567 and version 1.2.3',
    'A 1920x1080 banner in 3 sizes',
    'at @home, not an email',
  ])('leaves %j alone', (text) => {
    expect(maskContacts(text)).toBe(text);
  });
});

describe('showsContacts', () => {
  const open = { userId: 'poster', assigneeId: null, status: 'open' as const };
  const assigned = { userId: 'poster', assigneeId: 'hired', status: 'assigned' as const };
  const completed = { ...assigned, status: 'completed' as const };

  it('shows authors their own texts, always', () => {
    expect(showsContacts(open, 'someone', 'someone')).toBe(true);
  });

  it('shows nobody else anything while the task is open', () => {
    expect(showsContacts(open, 'bidder', 'poster')).toBe(false);
    expect(showsContacts(open, 'poster', 'bidder')).toBe(false);
  });

  it('shows the two parties each other’s once assigned or completed, and nobody else', () => {
    for (const task of [assigned, completed]) {
      expect(showsContacts(task, 'hired', 'poster')).toBe(true);
      expect(showsContacts(task, 'poster', 'hired')).toBe(true);
      expect(showsContacts(task, 'other', 'poster')).toBe(false);
      expect(showsContacts(task, 'poster', 'other')).toBe(false);
      expect(showsContacts(task, 'hired', 'other')).toBe(false);
    }
  });
});
