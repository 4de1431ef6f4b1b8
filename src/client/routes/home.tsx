import { PageTitle } from '../components/page-title.tsx';

// The home page sections of spec §1 land here (issue 3).
export default function Home() {
  return (
    <div>
      <PageTitle name="Home" />
      <h1 className="text-4xl font-bold">Tasklane</h1>
    </div>
  );
}
