// libsystemd's daemon API: socket activation (sd_listen_fds_with_names), readiness and status
// (sd_notify), and the watchdog (sd_watchdog_enabled).
#include <systemd/sd-daemon.h>
