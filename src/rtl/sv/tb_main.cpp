// tb_main.cpp: the C++ main of nocsyn's Verilator testbench (written
// verbatim by `nocsyn rtl`): toggles the clock of nocsyn_tb until $finish.
#include "Vnocsyn_tb.h"
#include "verilated.h"

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    Vnocsyn_tb *tb = new Vnocsyn_tb;
    tb->clk = 0;
    tb->eval();
    while (!Verilated::gotFinish()) {
        tb->clk = !tb->clk;
        tb->eval();
    }
    tb->final();
    delete tb;
    return 0;
}
