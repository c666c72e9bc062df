#!/usr/bin/env bash
# apt-install.sh WHAT PACKAGE...: installs the Debian packages not installed yet, when this is
# root on a machine with apt-get; otherwise (or when it fails) one warning line naming them.
# The setup goes on either way: what needs them says so when it runs.
set -uo pipefail
what=$1
shift
missing=()
for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
        missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}") \
        >/dev/null 2>&1 || echo "warning: could not install ${missing[*]} ($what)" >&2
else
    echo "warning: install Debian's ${missing[*]} ($what)" >&2
fi
exit 0
