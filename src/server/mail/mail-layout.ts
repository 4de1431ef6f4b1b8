import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render, toPlainText } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h, type CSSProperties } from 'react';
import { BRAND } from '../../shared/brand.ts';

/**
 * Every mail's one layout, a React Email component (issue 19): the brand, a heading, a few
 * paragraphs, at most one button, and a footer that says why it came and, for the mails one may
 * turn off, how. Written with createElement: the server runs its TypeScript as Node strips it,
 * and Node does not compile JSX. Rendered once, when the mail is written to the outbox.
 */
export interface MailContent {
  subject: string;
  /** The line a mail client shows beside the subject. */
  preview: string;
  heading: string;
  paragraphs: readonly string[];
  action?: { label: string; url: string };
  /** Below the button: e.g. how long the link works, or what to do if it was not you. */
  note?: string;
  /** Why this mail came, in the footer. */
  reason: string;
  /** One-click unsubscribe from this kind of mail; security mails have none. */
  unsubscribeUrl?: string;
}

// The app's winter theme: its primary blue on white, system fonts.
const PRIMARY = '#0069ff';
const styles = {
  body: {
    backgroundColor: '#f2f5f8',
    fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
    margin: 0,
    padding: '24px 0',
  },
  container: {
    backgroundColor: '#ffffff',
    borderRadius: '12px',
    margin: '0 auto',
    maxWidth: '560px',
    padding: '32px',
  },
  brand: { color: PRIMARY, fontSize: '20px', fontWeight: 700, margin: '0 0 16px' },
  heading: { color: '#1f2937', fontSize: '22px', margin: '0 0 16px' },
  text: { color: '#1f2937', fontSize: '16px', lineHeight: '24px' },
  button: {
    backgroundColor: PRIMARY,
    borderRadius: '8px',
    color: '#ffffff',
    display: 'inline-block',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  small: { color: '#6b7280', fontSize: '13px', lineHeight: '20px' },
} satisfies Record<string, CSSProperties>;

function MailLayout({ content }: { content: MailContent }) {
  const { preview, heading, paragraphs, action, note, reason, unsubscribeUrl } = content;
  return h(
    Html,
    { lang: 'en' },
    h(Head, null),
    h(Preview, null, preview),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Text, { style: styles.brand }, BRAND),
        h(Heading, { as: 'h1', style: styles.heading }, heading),
        ...paragraphs.map((paragraph, index) =>
          h(Text, { key: index, style: styles.text }, paragraph),
        ),
        action
          ? h(
              Section,
              { style: { margin: '24px 0' } },
              h(Button, { href: action.url, style: styles.button }, action.label),
            )
          : null,
        action
          ? h(
              Text,
              { style: styles.small },
              'Or open this link: ',
              h(Link, { href: action.url }, action.url),
            )
          : null,
        note ? h(Text, { style: styles.small }, note) : null,
        h(Hr, null),
        h(Text, { style: styles.small }, reason),
        unsubscribeUrl
          ? h(
              Text,
              { style: styles.small },
              h(Link, { href: unsubscribeUrl }, 'Unsubscribe from these emails'),
            )
          : null,
      ),
    ),
  );
}

/** The mail's HTML part and its plain-text part. */
export async function renderMail(content: MailContent): Promise<{ html: string; text: string }> {
  const html = await render(h(MailLayout, { content }));
  return { html, text: toPlainText(html) };
}
