import { useId, type ReactNode } from 'react';
import type { Profile } from '../../../shared/profiles.ts';
import { Avatar } from '../../components/avatar.tsx';
import { Fact } from '../../components/fact.tsx';
import { FreelancerAbout } from './freelancer-about.tsx';
import { ModerationAlert } from '../moderation/moderation-alert.tsx';
import { ReportButton } from '../moderation/report-button.tsx';
import { RatingSummary } from '../reviews/rating-summary.tsx';
import { ReviewItem } from '../reviews/review-item.tsx';
import {
  dayInWords,
  EarnedBadges,
  hireRateSentence,
  onTimeSentence,
  percent,
  RESPONSE_TIME_RULE,
  responseTimeInWords,
  TrustBadges,
} from './earned-figures.tsx';
const monthYear = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long' });

/**
 * The completion rate in words (issue 9): reputation anyone can check, so the page says how it
 * is counted, with this person's own numbers.
 */
export function completionRateSentence(profile: Profile): string {
  const { jobsCompleted, assignmentsEnded, completionRate } = profile.freelancer;
  const rule = 'The completion rate is completed ÷ (completed + assignments they ended)';
  if (completionRate === null) {
    return `${rule}. ${profile.name} has not completed or ended an assignment yet.`;
  }
  return `${rule}: ${jobsCompleted} ÷ (${jobsCompleted} + ${assignmentsEnded}) = ${percent(completionRate)}.`;
}

const FIGURE = 'text-2xl font-semibold';
const rateOrNone = (rate: number | null) => (rate === null ? 'None yet' : percent(rate));

/** The figures of one of the user's two roles. */
function RoleSection({
  title,
  note,
  figures,
}: {
  title: string;
  /** Said under the figures. */
  note?: string[];
  /** Each figure's label and value. */
  figures: [string, ReactNode][];
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card bg-base-200">
      <div className="card-body gap-3">
        <h2 id={id} className="card-title">
          {title}
        </h2>
        <dl className="grid grid-cols-2 gap-3">
          {figures.map(([label, value]) => (
            <Fact key={label} label={label} valueClassName={FIGURE}>
              {value}
            </Fact>
          ))}
        </dl>
        {note?.map((sentence) => (
          <p key={sentence} className="text-sm">
            {sentence}
          </p>
        ))}
      </div>
    </section>
  );
}

/**
 * A public profile (issue 9): who, since when, rating, both roles' figures, public reviews, each
 * of which a signed-in reader other than its author may report (issue 20). The person reads
 * whether reports hid the profile or Tasklane removed it.
 */
export function ProfileView({
  profile,
  actions,
  portfolio,
}: {
  profile: Profile;
  /** Issue 49: the freelancer's portfolio, between the figures and the reviews. */
  portfolio?: ReactNode;
  /** What the viewer may do about this user (issue 20: Block), under the name. */
  actions?: ReactNode;
}) {
  const { freelancer, client } = profile;
  return (
    <div className="space-y-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar user={profile} size="w-24" isDecorative />
        <div className="min-w-0 flex-1 space-y-1 wrap-anywhere">
          <h1 className="text-3xl font-bold">{profile.name}</h1>
          {profile.freelancerProfile.headline && (
            <p className="text-lg">{profile.freelancerProfile.headline}</p>
          )}
          {profile.freelancerProfile.available && (
            <p>
              <span className="badge badge-success">Available now</span>
            </p>
          )}
          <p>
            Member since{' '}
            <time dateTime={profile.memberSince}>{monthYear(profile.memberSince)}</time>
            {' · '}
            <span title="The last day (UTC) they signed in or wrote on Tasklane">
              Last active{' '}
              <time dateTime={profile.trust.lastActiveDay}>
                {dayInWords(profile.trust.lastActiveDay)}
              </time>
            </span>
          </p>
          <p className="text-lg">
            <span className="font-medium">Rating: </span>
            <RatingSummary average={profile.rating.average} count={profile.rating.count} />
          </p>
          {/* Issue 51: what a client weighs first, at a glance; the sections below say how. */}
          <p className="text-sm">
            {freelancer.jobsCompleted} {freelancer.jobsCompleted === 1 ? 'job' : 'jobs'} completed
            {freelancer.onTimeRate !== null && ` · ${percent(freelancer.onTimeRate)} on time`}
            {freelancer.responseTimeMinutes !== null &&
              ` · responds ${responseTimeInWords(freelancer.responseTimeMinutes)}`}
          </p>
          <EarnedBadges trust={profile.trust} />
          {actions}
        </div>
      </header>
      <ModerationAlert moderation={profile.moderation} what="this profile" />
      <FreelancerAbout profile={profile.freelancerProfile} />
      <div className="grid gap-4 md:grid-cols-2">
        <RoleSection
          title="As a freelancer"
          note={[
            completionRateSentence(profile),
            onTimeSentence(profile),
            `${RESPONSE_TIME_RULE}.`,
          ]}
          figures={[
            ['Jobs completed', freelancer.jobsCompleted],
            ['Completion rate', rateOrNone(freelancer.completionRate)],
            ['On-time delivery', rateOrNone(freelancer.onTimeRate)],
            ['Typical response time', responseTimeInWords(freelancer.responseTimeMinutes)],
          ]}
        />
        <RoleSection
          title="As a client"
          note={[hireRateSentence(profile)]}
          figures={[
            ['Tasks posted', client.tasksPosted],
            ['Hires', client.hires],
            ['Hire rate', rateOrNone(client.hireRate)],
            ['Payments made', client.paymentsMade],
            ['Reviews from freelancers', client.reviewsFromFreelancers],
          ]}
        />
      </div>
      <TrustBadges trust={profile.trust} />
      {portfolio}
      <section aria-labelledby="profile-reviews" className="render-near-screen space-y-3">
        <h2 id="profile-reviews" className="text-2xl font-semibold">
          Reviews
        </h2>
        {profile.reviews.length === 0 ? (
          <p className="rounded-box bg-base-200 p-6 text-center">No public reviews yet.</p>
        ) : (
          <ul className="space-y-3">
            {profile.reviews.map((review) => (
              <li key={review._id}>
                <ReviewItem
                  review={review}
                  action={
                    <ReportButton
                      itemType="review"
                      itemId={review._id}
                      authorId={review.reviewer._id}
                      what="this review"
                      isSubtle
                    />
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
