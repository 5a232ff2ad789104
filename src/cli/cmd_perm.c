/* PLACEHOLDER: replaced by the module that implements this command. */
#include "cli.h"

int cmd_perm(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_usage("command not built yet");
}
