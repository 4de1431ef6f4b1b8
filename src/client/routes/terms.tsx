import { BRAND } from '../../shared/brand.ts';
import { PageTitle } from '../components/page-title.tsx';
import { BackButton } from '../components/back-button.tsx';
import { useEffect, useState } from 'react';
import { configuredFees } from '../lib/fees.ts';
import { loadPublicConfig } from '../lib/public-config.ts';

/**
 * spec §2: terms and conditions in 10 sections; payment processing is mentioned only here, with
 * both fees as configured once the server's settings arrive (issue 47).
 */
export const termsSections = (fees: string | null) => [
  {
    title: 'Acceptance of Terms',
    text: `By creating an account or using ${BRAND} you agree to these terms. If you do not agree, do not use the service.`,
  },
  {
    title: 'Accounts',
    text: 'You are responsible for the accuracy of your profile and for keeping your password safe. One person, one account.',
  },
  {
    title: 'Posting Tasks',
    text: 'Clients describe each task honestly, with a real deadline and budget. Tasks that are illegal, deceptive or harmful are removed.',
  },
  {
    title: 'Bidding',
    text: 'Freelancers bid only on tasks they are able to deliver. Posting and bidding are free.',
  },
  {
    title: 'Payment Processing',
    text: `Payments for completed tasks are handled by our third-party payment processor. ${fees ?? 'A small service fee may apply to completed transactions.'} ${BRAND} never stores full card numbers.`,
  },
  {
    title: 'Conduct',
    text: 'Be respectful. Harassment, spam and attempts to take communication or payment off the platform to avoid fees are not allowed.',
  },
  {
    title: 'Content and Intellectual Property',
    text: 'You keep the rights to what you post. Delivered work belongs to the client once the agreed payment is complete, unless both sides agree otherwise.',
  },
  {
    title: 'Privacy',
    text: 'We use your data only to run the marketplace. Your email is shown only to signed-in members, and never sold.',
  },
  {
    title: 'Limitation of Liability',
    text: `${BRAND} connects clients and freelancers and is not a party to their agreements. The service is provided as is.`,
  },
  {
    title: 'Changes to These Terms',
    text: 'We may update these terms. We will announce material changes on the site before they take effect.',
  },
];

export default function Terms() {
  const [fees, setFees] = useState<string | null>(null);
  useEffect(
    () =>
      void loadPublicConfig().then(
        (config) => setFees(configuredFees(config)),
        () => undefined,
      ),
    [],
  );
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <PageTitle name="Terms & Conditions" />
      <BackButton />
      <h1 className="text-4xl font-bold">Terms & Conditions</h1>
      <ol className="list-decimal space-y-5 pl-6">
        {termsSections(fees).map((section, index) => (
          <li key={section.title}>
            <section aria-labelledby={`terms-${index + 1}`}>
              <h2 id={`terms-${index + 1}`} className="text-xl font-semibold">
                {section.title}
              </h2>
              <p className="mt-1">{section.text}</p>
            </section>
          </li>
        ))}
      </ol>
    </article>
  );
}
