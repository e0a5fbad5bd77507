import { ChevronRightIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";

import { isNavActive, mainNav, type NavItem, settingsNav } from "@/app/shell/nav-items";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import {
  SidebarGroup,
  SidebarGroupLabel,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSub,
  SidebarMenuSubButton,
  SidebarMenuSubItem,
  useSidebar,
} from "@/components/ui/sidebar";

function NavLinkItem({
  item,
  active,
  onNavigate,
}: {
  item: NavItem;
  active: boolean;
  onNavigate: () => void;
}) {
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={active} tooltip={item.title}>
        <Link to={item.url} aria-current={active ? "page" : undefined} onClick={onNavigate}>
          <item.icon />
          <span>{item.title}</span>
        </Link>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

export function NavMain() {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile, state, setOpen } = useSidebar();
  const settingsActive = settingsNav.items.some((item) => isNavActive(pathname, item.url));
  const [settingsOpen, setSettingsOpen] = useState(settingsActive);

  // The Settings parent expands by itself when the path is one of its pages.
  useEffect(() => {
    if (settingsActive) setSettingsOpen(true);
  }, [settingsActive]);

  const closeMobile = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <SidebarGroup>
      <SidebarGroupLabel>Collections</SidebarGroupLabel>
      <SidebarMenu>
        {mainNav.map((item) => (
          <NavLinkItem
            key={item.url}
            item={item}
            active={isNavActive(pathname, item.url)}
            onNavigate={closeMobile}
          />
        ))}
        <Collapsible asChild open={settingsOpen} onOpenChange={setSettingsOpen} className="group/collapsible">
          <SidebarMenuItem>
            <CollapsibleTrigger asChild>
              <SidebarMenuButton
                tooltip={settingsNav.title}
                isActive={settingsActive && (!settingsOpen || state === "collapsed")}
                onClick={(event) => {
                  // Collapsed to icons, the sub-items cannot show: widen the sidebar to show them.
                  if (state === "collapsed" && !isMobile) {
                    event.preventDefault();
                    setOpen(true);
                    setSettingsOpen(true);
                  }
                }}
              >
                <settingsNav.icon />
                <span>{settingsNav.title}</span>
                <ChevronRightIcon className="ml-auto transition-transform duration-200 group-data-[state=open]/collapsible:rotate-90" />
              </SidebarMenuButton>
            </CollapsibleTrigger>
            <CollapsibleContent>
              <SidebarMenuSub>
                {settingsNav.items.map((item) => {
                  const active = isNavActive(pathname, item.url);
                  return (
                    <SidebarMenuSubItem key={item.url}>
                      <SidebarMenuSubButton asChild isActive={active}>
                        <Link to={item.url} aria-current={active ? "page" : undefined} onClick={closeMobile}>
                          <span>{item.title}</span>
                        </Link>
                      </SidebarMenuSubButton>
                    </SidebarMenuSubItem>
                  );
                })}
              </SidebarMenuSub>
            </CollapsibleContent>
          </SidebarMenuItem>
        </Collapsible>
      </SidebarMenu>
    </SidebarGroup>
  );
}
