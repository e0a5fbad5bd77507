#!/usr/bin/env bash
# The IMAP tests read a real mailbox on Debian's Dovecot, started by the test harness from its binary
# (apps/api/test/dovecot-server.ts); install dovecot-imapd when missing. Nothing else is set up: the
# harness writes its own config in a temporary folder and never uses the system's.
set -euo pipefail
if [ -x /usr/sbin/dovecot ]; then exit 0; fi
echo "Installing Debian's dovecot-imapd for the IMAP tests..."
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends dovecot-imapd >/dev/null
# The package starts the system's Dovecot where a service manager runs; the tests need none of it.
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet dovecot 2>/dev/null; then
  $SUDO systemctl stop dovecot || true
  $SUDO systemctl disable dovecot >/dev/null 2>&1 || true
fi
