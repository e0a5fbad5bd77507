import { Link } from "react-router";

/** The line under an auth form that leads to another one ('Don't have an account? Sign up'). */
export function AuthFooterLink({ prompt, to, label }: { prompt?: string; to: string; label: string }) {
  return (
    <p className="text-muted-foreground text-center text-sm">
      {prompt ? `${prompt} ` : null}
      <Link to={to} className="text-foreground font-medium underline underline-offset-4">
        {label}
      </Link>
    </p>
  );
}
