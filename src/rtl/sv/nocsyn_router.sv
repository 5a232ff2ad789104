// nocsyn_router: the one parametric router of nocsyn's RTL output (emitted
// verbatim by `nocsyn rtl`; the generated top sets its parameters).
//
// Input queued, V virtual channels per input port, each a FIFO of BUF flits,
// credit-based flow control, separable input-first VC and switch allocation
// with round-robin arbiters, table-based route computation.
//
// Pipeline (the router the tech model prices and `nocsyn sim --router-delay
// D` simulates): lookahead routing -- the route table is read as a flit is
// written into its input FIFO and the output port is stored beside it -- then
// with D >= 3 three stages, each a clock cycle:
//   VA  a head at the front of its FIFO since cycle a requests an output VC
//       from cycle a + D - 3;
//   SA  from cycle a + D - 2 it bids for the switch; the winner leaves its
//       FIFO (its credit goes upstream) into the input's traversal register;
//   ST  the next cycle the crossbar moves it into the output register, where
//       it is in cycle a + D (the first cycle of the link).
// D = 2 packs SA and ST into one cycle (VA from a, the SA winner in the output
// register the next cycle), as the model's router_stages = 2.  D > 3 waits
// D - 3 cycles before VA.  Body flits follow the head one per cycle.  An
// output VC is freed when the tail wins the switch.  The time at which a flit
// leaves and its credit returns depends only on D, so every D gives the
// simulator's timing.
//
// Flit (FW = 2 + 2*TW + W bits): {head, tail, src[TW], dst[TW], data[W]};
// src and dst are terminal indices.  A link carries valid, the VC and the
// flit; credits return as (valid, VC) one per cycle per port.  Ports are
// flat vectors (port p's VC is in_vc[p*VW +: VW]) so that Yosys reads them.
//
// VC allocation: with ORDERED = 1 a packet keeps its VC lane (VC index
// modulo the class size) from hop to hop, so the packets of one flow, sent on
// one lane, stay in order; with ORDERED = 0 a head takes any free output VC
// of its class (round robin), as nocsyn's simulator does.
//
// Route table RT (read at the FIFO's write port): 2**KW entries of OPW + 1 bits {cls, port}, indexed by dst
// (SRCKEY = 0) or {src, dst} (SRCKEY = 1): the output port and, on
// router-router outputs with NCLS = 2 (dateline), the VC class: class 0 uses
// VCs [0, V/2), class 1 VCs [V/2, V); otherwise all V.  Output ports in EJ
// lead to terminals, which always accept (no credits).
module nocsyn_router #(
    parameter int NIN = 5,
    parameter int NOUT = 5,
    parameter int V = 2,
    parameter int BUF = 4,
    parameter int D = 3,
    parameter int TW = 4,
    parameter int W = 32,
    parameter int NCLS = 1,
    parameter int SRCKEY = 0,
    parameter int ORDERED = 1,
    parameter int VW = V > 1 ? $clog2(V) : 1,
    parameter int FW = 2 + 2 * TW + W,
    parameter int KW = SRCKEY != 0 ? 2 * TW : TW,
    parameter int OPW = NOUT > 1 ? $clog2(NOUT) : 1,
    parameter logic [NOUT-1:0] EJ = '0,
    parameter logic [(2**KW)*(OPW+1)-1:0] RT = '0
) (
    input  logic                     clk,
    input  logic                     rst_n,
    input  logic [NIN-1:0]           in_valid,
    input  logic [NIN*VW-1:0]        in_vc,
    input  logic [NIN*FW-1:0]        in_flit,
    output logic [NIN-1:0]           in_cr_valid,
    output logic [NIN*VW-1:0]        in_cr_vc,
    output logic [NOUT-1:0]          out_valid,
    output logic [NOUT*VW-1:0]       out_vc,
    output logic [NOUT*FW-1:0]       out_flit,
    input  logic [NOUT-1:0]          out_cr_valid,
    input  logic [NOUT*VW-1:0]       out_cr_vc
);
    localparam int NI = NIN * V;                       // input VCs
    localparam int IW = NI > 1 ? $clog2(NI) : 1;
    localparam int PW = NIN > 1 ? $clog2(NIN) : 1;
    localparam int BW = BUF > 1 ? $clog2(BUF) : 1;
    localparam int CW = $clog2(BUF + 1);
    localparam int AW = $clog2(D + 1);
    localparam int HALF = V / 2;
    localparam int ST = D >= 3 ? 1 : 0;               // a separate traversal stage

    // ---- state
    logic [FW-1:0]   mem   [NIN][V][BUF];
    logic [OPW:0]    mrt   [NIN][V][BUF];          // the stored flit's route entry {cls, port}
    // The front flit's head and tail bits and route entry, registered (the
    // allocators start from these, not from the FIFO's read multiplexer,
    // whose select, the read pointer, has a fanout of the whole flit)
    logic            fhd   [NIN][V];
    logic            ftl   [NIN][V];
    logic [OPW:0]    frt   [NIN][V];
    logic [BW-1:0]   rd    [NIN][V];
    logic [BW-1:0]   wr    [NIN][V];
    logic [CW-1:0]   cnt   [NIN][V];
    logic [AW-1:0]   age   [NIN][V];               // cycles the front head has waited
    logic            act   [NIN][V];               // holds an output VC
    logic [OPW-1:0]  iop   [NIN][V];
    logic [VW-1:0]   iov   [NIN][V];
    logic [VW-1:0]   vaptr [NIN][V];
    logic            busy  [NOUT][V];              // output VC allocated
    logic [CW-1:0]   cred  [NOUT][V];
    logic [IW-1:0]   voptr [NOUT][V];
    logic [VW-1:0]   saiptr[NIN];
    logic [PW-1:0]   saoptr[NOUT];
    // traversal registers (ST = 1): the switch winner of each input, and
    // per output whether it won, from which input, on which VC
    logic [FW-1:0]   stf   [NIN];
    logic            stgo  [NOUT];
    logic [PW-1:0]   stwin [NOUT];
    logic [VW-1:0]   stvc  [NOUT];
    // what each output register loads: with ST = 1 the traversal
    // registers, with ST = 0 the switch winner's FIFO front
    logic            ogo   [NOUT];
    logic [VW-1:0]   ovc   [NOUT];
    logic [FW-1:0]   oflit [NOUT];

    // ---- combinational: route lookup and VC allocation requests
    logic [FW-1:0]   front [NIN][V];
    logic            vreq  [NIN][V];
    logic [OPW-1:0]  vport [NIN][V];
    logic [VW-1:0]   vwant [NIN][V];
    logic            vgnt  [NIN][V];

    localparam int KTOP = SRCKEY != 0 ? FW - 3 : FW - 3 - TW;   // key = src,dst or dst

    // lookahead routing: the route entry of each arriving flit
    logic [OPW:0]    irt   [NIN];
    always_comb
        for (int i = 0; i < NIN; i++)
            irt[i] = RT[in_flit[i * FW + KTOP -: KW] * (OPW + 1) +: OPW + 1];

    always_comb begin
        for (int i = 0; i < NIN; i++)
            for (int v = 0; v < V; v++) begin
                logic [OPW:0] e;
                int lo, hi;
                logic found;
                front[i][v] = mem[i][v][rd[i][v]];
                e = frt[i][v];
                vport[i][v] = e[OPW-1:0];
                lo = 0;
                hi = V;
                if (NCLS == 2 && !EJ[e[OPW-1:0]]) begin
                    lo = e[OPW] ? HALF : 0;
                    hi = e[OPW] ? V : HALF;
                end
                vreq[i][v] = 1'b0;
                vwant[i][v] = '0;
                found = 1'b0;
                for (int pass = 0; pass < 2; pass++)
                    for (int w = 0; w < V; w++)
                        if (cnt[i][v] != 0 && fhd[i][v] && !act[i][v] && 32'(age[i][v]) + 2 + ST >= D &&
                            !found && w >= lo && w < hi && !busy[e[OPW-1:0]][w] &&
                            (ORDERED != 0 ? pass == 0 && w == (NCLS == 2 && v >= HALF ? v - HALF : v) + lo
                                          : (w >= 32'(vaptr[i][v])) == (pass == 0))) begin
                            found = 1'b1;
                            vreq[i][v] = 1'b1;
                            vwant[i][v] = VW'(w);
                        end
            end
    end

    // Output side of VC allocation: each output VC grants one requester,
    // round robin over the input VCs j = i * V + v starting at voptr (two
    // passes with constant indices: j >= voptr, then j < voptr).
    logic            vgo   [NOUT][V];
    logic [IW-1:0]   vwin  [NOUT][V];
    always_comb begin
        for (int i = 0; i < NIN; i++)
            for (int v = 0; v < V; v++)
                vgnt[i][v] = 1'b0;
        for (int o = 0; o < NOUT; o++)
            for (int w = 0; w < V; w++) begin
                vgo[o][w] = 1'b0;
                vwin[o][w] = '0;
                for (int pass = 0; pass < 2; pass++)
                    for (int i = 0; i < NIN; i++)
                        for (int v = 0; v < V; v++)
                            if (!vgo[o][w] && ((i * V + v >= 32'(voptr[o][w])) == (pass == 0)) &&
                                vreq[i][v] && 32'(vport[i][v]) == o && 32'(vwant[i][v]) == w) begin
                                vgo[o][w] = 1'b1;
                                vwin[o][w] = IW'(i * V + v);
                                vgnt[i][v] = 1'b1;
                            end
            end
    end

    // ---- switch allocation: each input port offers one active VC with a
    // flit and a credit (round robin from saiptr), each output port grants
    // one input port (round robin from saoptr).
    logic            sreq  [NIN];
    logic [VW-1:0]   svc   [NIN];
    logic [OPW-1:0]  sop   [NIN];
    logic            sgnt  [NIN];
    logic            sgo   [NOUT];
    logic [PW-1:0]   swin  [NOUT];
    always_comb begin
        for (int i = 0; i < NIN; i++) begin
            sreq[i] = 1'b0;
            svc[i] = '0;
            sop[i] = '0;
            for (int pass = 0; pass < 2; pass++)
                for (int v = 0; v < V; v++)
                    if (!sreq[i] && ((v >= 32'(saiptr[i])) == (pass == 0)) && act[i][v] && cnt[i][v] != 0 &&
                        (EJ[iop[i][v]] || cred[iop[i][v]][iov[i][v]] != 0)) begin
                        sreq[i] = 1'b1;
                        svc[i] = VW'(v);
                        sop[i] = iop[i][v];
                    end
        end
        for (int i = 0; i < NIN; i++)
            sgnt[i] = 1'b0;
        for (int o = 0; o < NOUT; o++) begin
            sgo[o] = 1'b0;
            swin[o] = '0;
            for (int pass = 0; pass < 2; pass++)
                for (int i = 0; i < NIN; i++)
                    if (!sgo[o] && ((i >= 32'(saoptr[o])) == (pass == 0)) && sreq[i] && 32'(sop[i]) == o) begin
                        sgo[o] = 1'b1;
                        swin[o] = PW'(i);
                        sgnt[i] = 1'b1;
                    end
        end
    end

    always_comb
        for (int o = 0; o < NOUT; o++)
            if (ST != 0) begin
                ogo[o] = stgo[o];
                ovc[o] = stvc[o];
                oflit[o] = stf[stwin[o]];
            end else begin
                ogo[o] = sgo[o];
                ovc[o] = iov[swin[o]][svc[swin[o]]];
                oflit[o] = front[swin[o]][svc[swin[o]]];
            end

    // ---- state update
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            for (int i = 0; i < NIN; i++) begin
                saiptr[i] <= '0;
                in_cr_valid[i] <= 1'b0;
                in_cr_vc[i * VW +: VW] <= '0;
                for (int v = 0; v < V; v++) begin
                    rd[i][v] <= '0;
                    wr[i][v] <= '0;
                    cnt[i][v] <= '0;
                    age[i][v] <= '0;
                    act[i][v] <= 1'b0;
                    iop[i][v] <= '0;
                    iov[i][v] <= '0;
                    vaptr[i][v] <= '0;
                    fhd[i][v] <= 1'b0;
                    ftl[i][v] <= 1'b0;
                    frt[i][v] <= '0;
                end
            end
            for (int i = 0; i < NIN; i++)
                stf[i] <= '0;
            for (int o = 0; o < NOUT; o++) begin
                saoptr[o] <= '0;
                stgo[o] <= 1'b0;
                stwin[o] <= '0;
                stvc[o] <= '0;
                out_valid[o] <= 1'b0;
                out_vc[o * VW +: VW] <= '0;
                out_flit[o * FW +: FW] <= '0;
                for (int w = 0; w < V; w++) begin
                    busy[o][w] <= 1'b0;
                    cred[o][w] <= CW'(BUF);
                    voptr[o][w] <= '0;
                end
            end
        end else begin
            // credits returned by the downstream routers
            for (int o = 0; o < NOUT; o++)
                for (int w = 0; w < V; w++) begin
                    logic up, down;
                    up = out_cr_valid[o] && 32'(out_cr_vc[o * VW +: VW]) == w;
                    down = sgo[o] && !EJ[o] && iov[swin[o]][svc[swin[o]]] == VW'(w);
                    if (up && !down)
                        cred[o][w] <= cred[o][w] + 1'b1;
                    else if (down && !up)
                        cred[o][w] <= cred[o][w] - 1'b1;
                end
            // VC allocation grants
            for (int o = 0; o < NOUT; o++)
                for (int w = 0; w < V; w++)
                    if (vgo[o][w]) begin
                        busy[o][w] <= 1'b1;
                        voptr[o][w] <= 32'(vwin[o][w]) + 1 >= NI ? '0 : vwin[o][w] + 1'b1;
                    end
            for (int i = 0; i < NIN; i++)
                for (int v = 0; v < V; v++)
                    if (vgnt[i][v]) begin
                        act[i][v] <= 1'b1;
                        iop[i][v] <= vport[i][v];
                        iov[i][v] <= vwant[i][v];
                        vaptr[i][v] <= 32'(vwant[i][v]) + 1 >= V ? '0 : vwant[i][v] + 1'b1;
                    end
            // switch allocation's winners: with ST = 1 into the traversal
            // registers, crossed into the output registers the next cycle;
            // with ST = 0 straight into the output registers
            for (int i = 0; i < NIN; i++)
                if (ST != 0 && sgnt[i])
                    stf[i] <= front[i][svc[i]];
            for (int o = 0; o < NOUT; o++) begin
                if (ST != 0) begin
                    stgo[o] <= sgo[o];
                    if (sgo[o]) begin
                        stwin[o] <= swin[o];
                        stvc[o] <= iov[swin[o]][svc[swin[o]]];
                    end
                end
                out_valid[o] <= ogo[o];
                if (ogo[o]) begin
                    out_vc[o * VW +: VW] <= ovc[o];
                    out_flit[o * FW +: FW] <= oflit[o];
                end
                if (sgo[o]) begin
                    saoptr[o] <= 32'(swin[o]) + 1 >= NIN ? '0 : swin[o] + 1'b1;
                    if (ftl[swin[o]][svc[swin[o]]])
                        busy[o][iov[swin[o]][svc[swin[o]]]] <= 1'b0;
                end
            end
            // input FIFOs: write arrivals, pop switch winners, credit upstream
            for (int i = 0; i < NIN; i++) begin
                in_cr_valid[i] <= sgnt[i];
                in_cr_vc[i * VW +: VW] <= svc[i];
                if (sgnt[i])
                    saiptr[i] <= 32'(svc[i]) + 1 >= V ? '0 : svc[i] + 1'b1;
                for (int v = 0; v < V; v++) begin
                    logic push, pop;
                    logic [BW-1:0] nrd;
                    push = in_valid[i] && 32'(in_vc[i * VW +: VW]) == v;
                    pop = sgnt[i] && 32'(svc[i]) == v;
                    nrd = 32'(rd[i][v]) + 1 >= BUF ? '0 : rd[i][v] + 1'b1;
                    if (push) begin
                        mem[i][v][wr[i][v]] <= in_flit[i * FW +: FW];
                        mrt[i][v][wr[i][v]] <= irt[i];
                        wr[i][v] <= 32'(wr[i][v]) + 1 >= BUF ? '0 : wr[i][v] + 1'b1;
                    end
                    if (pop) begin
                        rd[i][v] <= nrd;
                        if (ftl[i][v])
                            act[i][v] <= 1'b0;
                    end
                    // the front after this cycle: the arriving flit when the
                    // FIFO is (left) empty, else the next entry after a pop
                    // (the candidate is chosen from registered state and the
                    // input only; the switch grant just enables the load)
                    if (cnt[i][v] == 0 || pop) begin
                        fhd[i][v] <= cnt[i][v] <= 1 ? in_flit[i * FW + FW - 1] : mem[i][v][nrd][FW-1];
                        ftl[i][v] <= cnt[i][v] <= 1 ? in_flit[i * FW + FW - 2] : mem[i][v][nrd][FW-2];
                        frt[i][v] <= cnt[i][v] <= 1 ? irt[i] : mrt[i][v][nrd];
                    end
                    if (push && !pop)
                        cnt[i][v] <= cnt[i][v] + 1'b1;
                    else if (pop && !push)
                        cnt[i][v] <= cnt[i][v] - 1'b1;
                    if (pop || cnt[i][v] == 0)
                        age[i][v] <= '0;
                    else if (32'(age[i][v]) < D)
                        age[i][v] <= age[i][v] + 1'b1;
                end
            end
        end
    end
endmodule
