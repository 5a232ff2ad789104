/* nocsyn: the whole public API in one include (every header of
 * include/nocsyn/, each documented on its own).  A program compiled
 * against it links with `pkg-config --cflags --libs nocsyn` (shared) or
 * `pkg-config --static --libs nocsyn` (static); noc_version() names the
 * library it runs with, NOC_VERSION the headers it was compiled with. */
#ifndef NOCSYN_H
#define NOCSYN_H

#include "nocsyn/core.h"
#include "nocsyn/units.h"
#include "nocsyn/json.h"
#include "nocsyn/graph.h"
#include "nocsyn/lp.h"
#include "nocsyn/part.h"
#include "nocsyn/topo.h"
#include "nocsyn/app.h"
#include "nocsyn/map.h"
#include "nocsyn/perm.h"
#include "nocsyn/route.h"
#include "nocsyn/tech.h"
#include "nocsyn/gen.h"
#include "nocsyn/traffic.h"
#include "nocsyn/eval.h"
#include "nocsyn/sim.h"
#include "nocsyn/rtl.h"
#include "nocsyn/emit.h"
#include "nocsyn/phys.h"
#include "nocsyn/calc.h"
#include "nocsyn/synth.h"
#include "nocsyn/package.h"
#include "nocsyn/explore.h"
#include "nocsyn/campaign.h"
#include "nocsyn/charz.h"

#endif
