import { useId } from 'react';
import {
  PROFILE_LINK_KINDS,
  PROFILE_LINK_LABELS,
  type FreelancerProfile,
} from '../../../shared/freelancer-profiles.ts';
import { formatBudget } from '../../lib/format.ts';
import { SkillChips } from '../../components/skill-chips.tsx';

/** A rate as people read it: "From $45.50" or "$45.50 per hour". */
export const rateText = (rate: NonNullable<FreelancerProfile['rate']>) =>
  rate.unit === 'hourly'
    ? `${formatBudget(rate.amount)} per hour`
    : `From ${formatBudget(rate.amount)}`;

/**
 * Issue 50: what a freelancer says of themselves on their public profile: about, skills, rate,
 * languages, time zone and links (`rel="nofollow ugc noopener"`: theirs, not ours). Nothing when
 * they have not filled it in.
 */
export function FreelancerAbout({ profile }: { profile: FreelancerProfile }) {
  const headingId = useId();
  if (profile.updatedAt === null) return null;
  const links = PROFILE_LINK_KINDS.flatMap((kind) => {
    const url = profile.links[kind];
    return url ? [{ kind, url }] : [];
  });
  return (
    <section aria-labelledby={headingId} className="card bg-base-200">
      <div className="card-body gap-3 wrap-anywhere">
        <h2 id={headingId} className="card-title">
          About
        </h2>
        {profile.about && <p className="whitespace-pre-line">{profile.about}</p>}
        <SkillChips skills={profile.skills} />
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          {profile.rate && (
            <>
              <dt className="font-medium">Rate</dt>
              <dd>{rateText(profile.rate)}</dd>
            </>
          )}
          {profile.languages.length > 0 && (
            <>
              <dt className="font-medium">Languages</dt>
              <dd>{profile.languages.join(', ')}</dd>
            </>
          )}
          {profile.timeZone && (
            <>
              <dt className="font-medium">Time zone</dt>
              <dd>{profile.timeZone.replaceAll('_', ' ')}</dd>
            </>
          )}
        </dl>
        {links.length > 0 && (
          <ul aria-label="Links" className="flex flex-wrap gap-x-4 gap-y-1">
            {links.map(({ kind, url }) => (
              <li key={kind}>
                <a href={url} className="link" rel="nofollow ugc noopener" target="_blank">
                  {PROFILE_LINK_LABELS[kind]}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
