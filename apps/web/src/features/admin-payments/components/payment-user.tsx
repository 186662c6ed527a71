import { useNavigate } from "react-router";
import { paths } from "@/config/paths";

/**
 * The account behind a payment, opening its page in Users; deleted accounts have none. A button,
 * not a link: session replay masks a private region's text but records attributes, so an `href`
 * would carry the user's id into a recording.
 */
export function PaymentUser({ user }: { user: { id: string; email: string } | null }) {
  const navigate = useNavigate();
  if (!user) return <span className="text-ink-500">deleted account</span>;
  return (
    <button
      type="button"
      onClick={() => void navigate(paths.adminUser(user.id))}
      className="break-all text-left text-coral-200 hover:underline"
    >
      {user.email}
    </button>
  );
}
