import { Link } from '../../lib/link.tsx';
import type { MyOffer } from '../../../shared/offers.ts';
import { StackTable } from '../../components/stack-table.tsx';
import { formatBudget, formatDate, formatDeadline } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { TaskStatusBadge } from '../tasks/task-status-badge.tsx';
import { OfferStatusBadge } from './offer-status-badge.tsx';

const COLUMNS = ['Task', 'Task status', 'Your price', 'Budget', 'Deadline', 'Offer', 'Sent'];

/** My offers (issue 9), newest first: each task (linked), its status, my price and the offer's status. */
export function MyOffersTable({ offers }: { offers: MyOffer[] }) {
  return (
    <StackTable caption="Your offers" headers={COLUMNS}>
      {offers.map((offer) => (
        <tr key={offer._id}>
          <th scope="row" data-label="Task" className="wrap-anywhere">
            <Link to={paths.task(offer.task._id)} className="link link-hover">
              {offer.task.title}
            </Link>
          </th>
          <td data-label="Task status">
            <TaskStatusBadge task={offer.task} />
          </td>
          <td data-label="Your price">{formatBudget(offer.amount)}</td>
          <td data-label="Budget">{formatBudget(offer.task.budget)}</td>
          <td data-label="Deadline">{formatDeadline(offer.task.deadline)}</td>
          <td data-label="Offer">
            <OfferStatusBadge status={offer.status} />
          </td>
          <td data-label="Sent">
            <time dateTime={offer.createdAt}>{formatDate(offer.createdAt)}</time>
          </td>
        </tr>
      ))}
    </StackTable>
  );
}
