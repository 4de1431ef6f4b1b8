import { Link } from '../lib/link.tsx';
import { BRAND } from '../../shared/brand.ts';
import { SUPPORT_CONTACT, SUPPORT_CONTACT_HREFS } from '../lib/contact.ts';
import { paths } from '../lib/paths.ts';

const QUICK_LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.addTask, label: 'Add Task' },
  { to: paths.browseTasks(), label: 'Browse Tasks' },
  { to: paths.myPostedTasks, label: 'My Posted Tasks' },
  { to: paths.terms, label: 'Terms & Conditions' },
];
const SOCIAL_LINKS = [
  { href: 'https://www.facebook.com/', label: 'Facebook' },
  { href: 'https://x.com/', label: 'X (Twitter)' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn' },
];

/** spec §2 "Footer": one column on small screens, four from medium up. */
export function Footer() {
  return (
    <footer className="mt-16 bg-base-200 text-base-content print:hidden">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-8 px-4 py-10 md:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-xl font-bold text-primary">
            {BRAND}
          </h2>
          <p className="mt-2">
            {BRAND} connects clients and freelancers for small, meaningful work.
          </p>
          {/* Issue 50: outside Quick Links, whose five links spec §2 lists. */}
          <p className="mt-2">
            <Link to={paths.freelancers} className="link link-hover">
              Find freelancers
            </Link>
          </p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="mb-2 text-sm font-bold uppercase tracking-wide">
            Quick Links
          </h2>
          <ul className="space-y-1">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="link link-hover">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-social">
          <h2 id="footer-social" className="mb-2 text-sm font-bold uppercase tracking-wide">
            Follow Us
          </h2>
          <ul className="space-y-1">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="link link-hover"
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-2 text-sm font-bold uppercase tracking-wide">
            Contact
          </h2>
          <p>
            Email:{' '}
            <a href={SUPPORT_CONTACT_HREFS.email} className="link">
              {SUPPORT_CONTACT.email}
            </a>
          </p>
          <p>
            Phone:{' '}
            <a href={SUPPORT_CONTACT_HREFS.phone} className="link">
              {SUPPORT_CONTACT.phone}
            </a>
          </p>
        </section>
      </div>
      <p className="border-t border-base-300 py-4 text-center text-sm">
        © {new Date().getFullYear()} {BRAND}. All rights reserved.
      </p>
    </footer>
  );
}
