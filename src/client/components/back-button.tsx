import { useNavigate } from 'react-router';

/** Goes one step back in history (spec §2 "Other behaviour"). */
export function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" className="btn btn-ghost btn-sm" onClick={() => navigate(-1)}>
      ← Back
    </button>
  );
}
