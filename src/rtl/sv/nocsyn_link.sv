// nocsyn_link: one channel between two routers (or a core and a router):
// STAGES pipeline registers on the flit path (valid, VC, flit) and CSTAGES
// on the credit path back (valid, VC).  nocsyn's link-latency model: a link
// of L cycles is the sender's output register plus L - 1 stages; the flit is
// written into the receiver's input FIFO at the end of its L-th cycle.
module nocsyn_link #(
    parameter int WIDTH = 8,    // VC + flit bits
    parameter int CWIDTH = 1,   // credit VC bits
    parameter int STAGES = 0,
    parameter int CSTAGES = 0
) (
    /* verilator lint_off UNUSEDSIGNAL */  // unused when STAGES = CSTAGES = 0
    input  logic              clk,
    input  logic              rst_n,
    /* verilator lint_on UNUSEDSIGNAL */
    input  logic              in_valid,
    input  logic [WIDTH-1:0]  in_data,
    output logic              out_valid,
    output logic [WIDTH-1:0]  out_data,
    input  logic              cr_in_valid,
    input  logic [CWIDTH-1:0] cr_in_vc,
    output logic              cr_out_valid,
    output logic [CWIDTH-1:0] cr_out_vc
);
    logic              fv [STAGES + 1];
    logic [WIDTH-1:0]  fd [STAGES + 1];
    logic              cv [CSTAGES + 1];
    logic [CWIDTH-1:0] cd [CSTAGES + 1];
    assign fv[0] = in_valid;
    assign fd[0] = in_data;
    assign cv[0] = cr_in_valid;
    assign cd[0] = cr_in_vc;
    for (genvar s = 0; s < STAGES; s++) begin : g_fwd
        always_ff @(posedge clk) begin
            fv[s + 1] <= rst_n && fv[s];
            fd[s + 1] <= fd[s];
        end
    end
    for (genvar s = 0; s < CSTAGES; s++) begin : g_cr
        always_ff @(posedge clk) begin
            cv[s + 1] <= rst_n && cv[s];
            cd[s + 1] <= cd[s];
        end
    end
    assign out_valid = fv[STAGES];
    assign out_data = fd[STAGES];
    assign cr_out_valid = cv[CSTAGES];
    assign cr_out_vc = cd[CSTAGES];
endmodule
