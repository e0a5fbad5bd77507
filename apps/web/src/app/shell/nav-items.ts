import {
  BellRingIcon,
  ChartColumnIcon,
  CreditCardIcon,
  FileTextIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MailIcon,
  PlugIcon,
  SettingsIcon,
  UserRoundIcon,
  UsersIcon,
} from "lucide-react";

export interface NavItem {
  title: string;
  url: string;
  icon: LucideIcon;
}

export interface NavGroup {
  title: string;
  icon: LucideIcon;
  items: NavItem[];
}

export const mainNav: NavItem[] = [
  { title: "Dashboard", url: "/dashboard", icon: LayoutDashboardIcon },
  { title: "Customers", url: "/customers", icon: UsersIcon },
  { title: "Invoices", url: "/invoices", icon: FileTextIcon },
  { title: "Communications", url: "/communications", icon: BellRingIcon },
  { title: "Aging Report", url: "/aging-report", icon: ChartColumnIcon },
];

export const settingsNav: NavGroup = {
  title: "Settings",
  icon: SettingsIcon,
  items: [
    { title: "Account", url: "/account", icon: UserRoundIcon },
    { title: "Billing", url: "/billing", icon: CreditCardIcon },
    { title: "Email Templates", url: "/email-templates", icon: MailIcon },
    { title: "Integrations", url: "/integrations", icon: PlugIcon },
  ],
};

/** /customers is active on /customers/{customerRef} too. */
export function isNavActive(pathname: string, url: string) {
  return pathname === url || pathname.startsWith(`${url}/`);
}
